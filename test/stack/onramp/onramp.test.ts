// @vitest-environment node
import { type Address, erc20Abi, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type BlockchainApi, startBlockchainApi } from '../blockchain-api/index.js'
import { chainClient } from '../blockchain-api/prices.js'
import { DEMO_PROJECT_ID } from '../catalog/project.js'
import { type Chains, startChains } from '../chain/index.js'
import { type SolanaStandIn, startSolana } from '../solana/index.js'
import { type OnRampQuote, type OnRampStandIn, startOnRamp, TREASURY } from './index.js'

// The local on-ramp provider on real chains: options and quotes through the blockchain API, and a
// checkout page on its own origin whose "Pay" credits the buyer with exactly the quoted amount.

let chains: Chains
let solana: SolanaStandIn
let onramp: OnRampStandIn
let api: BlockchainApi
beforeAll(async () => {
  chains = await startChains()
  solana = await startSolana()
  onramp = await startOnRamp({ chains: chains.chains, solana: solana.chain })
  api = await startBlockchainApi({ chains: chains.chains, routes: onramp.routes })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await onramp?.stop()
  await solana?.stop()
  await chains?.stop()
})
afterEach(() => {
  onramp.reset()
  api.reset()
})

const url = (path: string) => `${api.url}${path}?projectId=${DEMO_PROJECT_ID}`
const post = async (path: string, body: unknown) => {
  const res = await fetch(url(path), { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const chain = (i = 0) => chains.chains[i] as (typeof chains.chains)[number]
const usdcOf = (i = 0) => chain(i).tokens.find((t) => t.symbol === 'USDC')?.address as Address

function generator(address: string, fields: Record<string, unknown> = {}) {
  return {
    destinationWallets: [{ address, blockchains: ['devnet-31337'], assets: ['ETH'] }],
    defaultNetwork: 'devnet-31337',
    partnerUserId: address,
    defaultExperience: 'buy',
    presetFiatAmount: 50,
    fiatCurrency: 'USD',
    ...fields,
  }
}

async function checkout(link: string, action: 'pay' | 'cancel') {
  const { origin, pathname } = new URL(link)
  const res = await fetch(`${origin}${pathname}/${action}`, { method: 'POST', redirect: 'manual' })
  expect(res.status).toBe(303)
  return (await fetch(link)).text()
}

test('default: options list fiat limits and what is sold on each local network', async () => {
  const res = await fetch(url('/v1/onramp/options'))
  expect(res.status).toBe(200)
  const options = (await res.json()) as {
    paymentCurrencies: { id: string; payment_method_limits: unknown[] }[]
    purchaseCurrencies: { symbol: string; networks: { name: string; chain_id: string }[] }[]
  }
  expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR', 'GBP'])
  expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
    { id: 'card', min: '20.00', max: '5000.00' },
    { id: 'ach_bank_account', min: '20.00', max: '20000.00' },
  ])
  expect(
    options.purchaseCurrencies.map((c) => [c.symbol, c.networks.map((n) => n.chain_id)]),
  ).toEqual([
    ['ETH', ['31337', '31338']],
    ['USDC', ['31337', '31338']],
    ['DAI', ['31337', '31338']],
    ['SOL', ['localnet']],
  ])
})

describe('quote', () => {
  test('behavior: fees come off the payment and the rest buys at the pool price', async () => {
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: { id: 'eth', symbol: 'ETH' },
      paymentCurrency: { id: 'USD' },
      amount: '50',
      network: 'devnet-31337',
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      quoteId: 'quote-1',
      paymentTotal: { amount: '50.00', currency: 'USD' },
      paymentSubtotal: { amount: '48.90', currency: 'USD' },
      purchaseAmount: { amount: '0.0163', currency: 'ETH' },
      networkFee: { amount: '0.10', currency: 'USD' },
      fees: [
        { type: 'provider', amount: '1.00', currency: 'USD' },
        { type: 'network', amount: '0.10', currency: 'USD' },
      ],
    })
    const bank = await post('/v1/onramp/quote', {
      purchaseCurrency: 'usdc',
      paymentCurrency: 'EUR',
      amount: '100',
      network: 'devnet-31338',
      paymentMethod: 'ach_bank_account',
    })
    // 100 EUR − 1 % − 0.10 = 98.90 EUR = 106.812 USD of a 1-dollar coin.
    expect(bank.body.purchaseAmount).toEqual({ amount: '106.812', currency: 'USDC' })
  })

  test('error: amounts outside the limits, unknown assets or networks → 400', async () => {
    const base = { purchaseCurrency: 'eth', paymentCurrency: 'USD', network: 'devnet-31337' }
    expect(await post('/v1/onramp/quote', { ...base, amount: '19.99' })).toEqual({
      status: 400,
      body: { message: 'amount must be between 20.00 and 5000.00 USD' },
    })
    expect((await post('/v1/onramp/quote', { ...base, amount: '5000.01' })).status).toBe(400)
    expect((await post('/v1/onramp/quote', { ...base, amount: 'ten' })).status).toBe(400)
    expect(
      (await post('/v1/onramp/quote', { ...base, amount: '50', network: 'ethereum' })).status,
    ).toBe(400)
    expect(
      (await post('/v1/onramp/quote', { ...base, amount: '50', purchaseCurrency: 'doge' })).status,
    ).toBe(400)
    expect(
      (await post('/v1/onramp/quote', { ...base, amount: '50', paymentCurrency: 'JPY' })).status,
    ).toBe(400)
  })
})

describe('generator and checkout', () => {
  test('behavior: the link opens a checkout on its own origin, and Pay credits exactly the quote', async () => {
    const buyer = fresh()
    const { status, body } = await post(
      '/v1/generators/onrampurl',
      generator(buyer, { presetCryptoAmount: 0.0163 }),
    )
    expect(status).toBe(200)
    const link = body.url as string
    expect(new URL(link).origin).toBe(onramp.checkoutUrl)
    expect(new URL(link).origin).not.toBe(new URL(api.url).origin)
    // The destination is in the link, as Coinbase Pay's generator puts it.
    expect(JSON.parse(new URL(link).searchParams.get('destinationWallets') ?? '')).toEqual([
      { address: buyer, blockchains: ['devnet-31337'] },
    ])
    const page = await (await fetch(link)).text()
    expect(page).toContain('data-testid="checkout-pay"')
    expect(page).toContain('0.0163 ETH')
    const client = chainClient(chain())
    expect(await client.getBalance({ address: buyer })).toBe(0n)
    const paid = await checkout(link, 'pay')
    expect(paid).toContain('Payment complete')
    expect(await client.getBalance({ address: buyer })).toBe(parseEther('0.0163'))
    // Paying again (a reload of the form) credits nothing more.
    await checkout(link, 'pay')
    expect(await client.getBalance({ address: buyer })).toBe(parseEther('0.0163'))
    expect(onramp.sessions.map((s) => s.status)).toEqual(['paid'])
  })

  test('behavior: a stablecoin is credited on the chain asked for; SOL on the Solana chain', async () => {
    const buyer = fresh()
    const usdc = await post(
      '/v1/generators/onrampurl',
      generator(buyer, {
        destinationWallets: [{ address: buyer, blockchains: ['devnet-31338'], assets: ['USDC'] }],
        defaultNetwork: 'devnet-31338',
        presetFiatAmount: '100',
      }),
    )
    await checkout(usdc.body.url as string, 'pay')
    const quote = onramp.quotes.at(-1) as OnRampQuote
    const held = await chainClient(chain(1)).readContract({
      address: usdcOf(1),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [buyer],
    })
    expect(held).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    expect(held).toBe(parseUnits('97.9', 6))

    const receiver = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
    const before = solana.chain.balance(receiver)
    const sol = await post(
      '/v1/generators/onrampurl',
      generator(receiver, {
        destinationWallets: [
          { address: receiver, blockchains: ['solana-localnet'], assets: ['SOL'] },
        ],
        defaultNetwork: 'solana-localnet',
      }),
    )
    await checkout(sol.body.url as string, 'pay')
    // 48.90 USD at 150 USD per SOL.
    expect(solana.chain.balance(receiver) - before).toBe(parseUnits('0.326', 9))
  })

  test('behavior: Cancel credits nothing and the page closes itself', async () => {
    const buyer = fresh()
    const { body } = await post('/v1/generators/onrampurl', generator(buyer))
    const page = await checkout(body.url as string, 'cancel')
    expect(page).toContain('Cancelled')
    expect(page).toContain('window.close()')
    await checkout(body.url as string, 'pay')
    expect(await chainClient(chain()).getBalance({ address: buyer })).toBe(0n)
    expect(onramp.sessions.map((s) => s.status)).toEqual(['cancelled'])
  })

  test('behavior: a network named by its CAIP-2 id works too (the kit’s fallback options)', async () => {
    const buyer = fresh()
    const { status, body } = await post(
      '/v1/generators/onrampurl',
      generator(buyer, {
        destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['ETH'] }],
        defaultNetwork: 'eip155:31337',
      }),
    )
    expect(status).toBe(200)
    await checkout(body.url as string, 'pay')
    expect(await chainClient(chain()).getBalance({ address: buyer })).toBe(parseEther('0.0163'))
  })

  test('behavior: the treasury pays the gas, not a test account', async () => {
    const client = chainClient(chain())
    const before = await client.getBalance({ address: TREASURY.address })
    const { body } = await post('/v1/generators/onrampurl', generator(fresh()))
    await checkout(body.url as string, 'pay')
    expect(await client.getBalance({ address: TREASURY.address })).toBeLessThan(
      before - parseEther('0.0163'),
    )
  })

  test('behavior: the fault switch makes the generator answer another URL', async () => {
    onramp.setCheckoutUrl('http://checkout.example.com/buy')
    const { body } = await post('/v1/generators/onrampurl', generator(fresh()))
    expect(body).toEqual({ url: 'http://checkout.example.com/buy' })
  })

  test('error: malformed requests → 400; unknown links → 404', async () => {
    const buyer = fresh()
    const cases = [
      generator(buyer, { destinationWallets: [] }),
      generator(buyer, { partnerUserId: 'short' }),
      generator(buyer, { defaultExperience: 'sell' }),
      generator('0x1234', { partnerUserId: buyer }),
      generator(buyer, { presetFiatAmount: undefined }),
      generator(buyer, { presetFiatAmount: 10 }),
      generator(buyer, { presetCryptoAmount: 1 }),
      generator(buyer, { defaultNetwork: 'ethereum-mainnet' }),
    ]
    const statuses = []
    for (const body of cases) statuses.push((await post('/v1/generators/onrampurl', body)).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400])
    expect((await fetch(`${onramp.checkoutUrl}/buy/${'0'.repeat(24)}`)).status).toBe(404)
    expect(onramp.sessions).toHaveLength(0)
  })
})
