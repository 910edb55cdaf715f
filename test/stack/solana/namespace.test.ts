// @vitest-environment node
import { partiallySignTransaction } from '@solana/kit'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BlockchainApi, startBlockchainApi } from '../blockchain-api/index.js'
import { DEMO_PROJECT_ID } from '../catalog/index.js'
import {
  buildTransfer,
  createSolanaChain,
  createSolanaNamespace,
  lamportsToSol,
  NATIVE_SOL_MINT,
  SOL_PRICE_USD,
  SOLANA_LOCALNET,
  type SolanaChain,
  solanaTestAccount,
} from './index.js'

let chain: SolanaChain
let api: BlockchainApi
beforeAll(async () => {
  chain = await createSolanaChain()
  api = await startBlockchainApi({ chains: [], namespaces: [createSolanaNamespace(chain)] })
})
afterAll(() => api?.stop())

const balance = (address: string, chainId?: string) => {
  const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID, currency: 'usd' })
  if (chainId) query.set('chainId', chainId)
  return fetch(`${api.url}/v1/account/${address}/balance?${query}`)
}

test('default', async () => {
  const { address } = await solanaTestAccount(0)
  const response = await balance(address, SOLANA_LOCALNET)
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({
    balances: [
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: SOLANA_LOCALNET,
        value: 10 * SOL_PRICE_USD,
        price: SOL_PRICE_USD,
        quantity: { decimals: '9', numeric: '10' },
        iconUrl: expect.stringMatching(/^data:image\/svg\+xml/),
      },
    ],
  })
})

test('behavior: the balance is read live from the SVM', async () => {
  const { address } = await solanaTestAccount(30)
  expect(await (await balance(address, SOLANA_LOCALNET)).json()).toEqual({ balances: [] })
  chain.airdrop(address, 1_234_567_890n)
  const { balances } = (await (await balance(address, SOLANA_LOCALNET)).json()) as {
    balances: { quantity: { numeric: string } }[]
  }
  expect(balances[0]?.quantity.numeric).toBe('1.23456789')
  // Without a chainId, every chain of the address's namespace.
  expect((await (await balance(address)).json()).balances).toHaveLength(1)
})

test('behavior: supported chains and the SOL price', async () => {
  const chains = await fetch(`${api.url}/v1/supported-chains?projectId=${DEMO_PROJECT_ID}`)
  expect((await chains.json()).http).toContain(SOLANA_LOCALNET)
  const prices = await fetch(`${api.url}/v1/fungible/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      projectId: DEMO_PROJECT_ID,
      currency: 'usd',
      addresses: [`${SOLANA_LOCALNET}:${NATIVE_SOL_MINT}`, `${SOLANA_LOCALNET}:unknownMint`],
    }),
  })
  expect((await prices.json()).fungibles).toEqual([
    {
      address: `${SOLANA_LOCALNET}:${NATIVE_SOL_MINT}`,
      name: 'Solana',
      symbol: 'SOL',
      iconUrl: expect.any(String),
      price: SOL_PRICE_USD,
    },
  ])
})

test('args: lamports become whole SOL', () => {
  expect(lamportsToSol(0n)).toBe('0')
  expect(lamportsToSol(1n)).toBe('0.000000001')
  expect(lamportsToSol(1_500_000_000n)).toBe('1.5')
  expect(lamportsToSol(12_000_000_000n)).toBe('12')
})

test('error: other chains and malformed addresses are refused', async () => {
  const { address } = await solanaTestAccount(0)
  expect((await balance(address, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).status).toBe(400)
  expect((await balance('0OIl', SOLANA_LOCALNET)).status).toBe(400)
})

test('behavior: history lists executed SOL transfers from both sides, timed by the chain clock', async () => {
  const sender = await solanaTestAccount(2)
  const { address: receiver } = await solanaTestAccount(31)
  const wire = buildTransfer({
    from: sender.address,
    to: receiver,
    lamports: 1_250_000_000n,
    blockhash: chain.svm.latestBlockhash(),
  })
  const before = Math.floor(Date.now() / 1000)
  const { signature } = chain.execute(
    await partiallySignTransaction([sender.keyPair], chain.decode(wire)),
  )
  const history = async (address: string) => {
    const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID, chainId: SOLANA_LOCALNET })
    const res = await fetch(`${api.url}/v1/account/${address}/history?${query}`)
    expect(res.status).toBe(200)
    return (await res.json()) as {
      data: { metadata: Record<string, unknown>; transfers: unknown[] }[]
      next: null
    }
  }
  const sent = await history(sender.address)
  expect(sent.next).toBeNull()
  expect(sent.data).toEqual([
    {
      id: `${SOLANA_LOCALNET}:${signature}`,
      metadata: {
        operationType: 'send',
        hash: signature,
        chain: SOLANA_LOCALNET,
        minedAt: expect.any(String),
        sentFrom: sender.address,
        sentTo: receiver,
        status: 'confirmed',
        nonce: 0,
      },
      transfers: [
        {
          fungible_info: {
            name: 'Solana',
            symbol: 'SOL',
            icon: { url: expect.any(String) },
            implementations: [{ chain_id: SOLANA_LOCALNET, address: null, decimals: 9 }],
          },
          direction: 'out',
          quantity: { numeric: '1.25' },
          price: SOL_PRICE_USD,
          value: 1.25 * SOL_PRICE_USD,
          sender: sender.address,
          recipient: receiver,
        },
      ],
    },
  ])
  const minedAt = Date.parse(sent.data[0]?.metadata.minedAt as string) / 1000
  expect(minedAt).toBe(chain.time())
  expect(minedAt).toBeGreaterThanOrEqual(before)
  const received = await history(receiver)
  expect(received.data.map((i) => [i.metadata.operationType, i.metadata.sentTo])).toEqual([
    ['receive', sender.address],
  ])
})
