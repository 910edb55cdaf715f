import { createPublicClient, http, parseEther } from 'viem'
import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { connect, details, type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { seriousAxeViolations } from '../support/axe'
import { poll } from '../support/poll'
import { CheckoutPage, OnRampPage } from './support/onramp-page'

// Buying crypto through the local on-ramp provider: options, quote, the checkout window on the
// provider's own origin, and the money landing on anvil.

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address

const balance = () =>
  createPublicClient({ transport: http(e2e.stack.urls.rpc['31337']) }).getBalance({
    address: ALICE,
  })

/** A connected session on the OnRamp view, reached from Account's entry. */
async function onOnRamp(options: Parameters<typeof e2e.newSession>[0] = {}) {
  const s = await e2e.newSession(options)
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  const onramp = new OnRampPage(s.page)
  await onramp.entry.click()
  await onramp.view.waitFor()
  return { s, onramp }
}

const generatorCalls = (s: EvmSession) =>
  s.requests.filter((r) => r.url.includes('/v1/generators/onrampurl')).length

test('default: 50 USD of ETH through the checkout raises the anvil balance by the quote, then Account', async () => {
  const { s, onramp } = await onOnRamp()
  await poll(() =>
    onramp.assets.evaluateAll((list) => list.map((b) => b.getAttribute('data-asset'))),
  ).toEqual(['ETH', 'USDC', 'DAI'])
  expect(await onramp.providers.textContent()).toBe('Coinbase PayFees 1–2 %')
  await onramp.enter('50')
  await onramp.quote.waitFor()
  const quote = e2e.stack.onramp?.quotes.at(-1)
  expect(quote?.paymentTotal).toEqual({ amount: '50.00', currency: 'USD' })
  expect(await onramp.receive.textContent()).toBe(`${quote?.purchaseAmount.amount} ETH`)
  expect(await onramp.quote.getAttribute('data-estimate')).toBe('false')

  const before = await balance()
  const popup = new CheckoutPage(await onramp.buyAndGetCheckout())
  await popup.pay.waitFor()
  // The checkout lives on the provider's origin, and cannot reach back to the site.
  expect(new URL(popup.page.url()).origin).toBe(e2e.stack.urls.onrampCheckout)
  expect(await popup.page.evaluate(() => window.opener)).toBeNull()
  await onramp.waiting.waitFor()
  expect(await popup.receive.textContent()).toBe(`${quote?.purchaseAmount.amount} ETH`)
  // While the checkout is open, the provider's purchases are asked for too (history's `onramp`).
  await poll(() =>
    s.requests.some((r) => r.url.includes('/history?') && r.url.includes('onramp=coinbase')),
  ).toBe(true)
  await popup.pay.click()

  await s.evm.view('account').waitFor()
  expect((await balance()) - before).toBe(parseEther(quote?.purchaseAmount.amount ?? 'x'))
  // The checkout says it is done; the kit, cut off from the window, cannot close it.
  expect(await popup.status.textContent()).toMatch(/^Paid\. Transaction 0x[0-9a-f]{64}\.$/)
  expect(e2e.stack.onramp?.sessions.map((x) => [x.status, x.address])).toEqual([['paid', ALICE]])
})

test('behavior: Cancel in the checkout closes it and returns to Account; nothing is credited', async () => {
  const { s, onramp } = await onOnRamp()
  await onramp.enter('100')
  await onramp.quote.waitFor()
  const before = await balance()
  const popup = new CheckoutPage(await onramp.buyAndGetCheckout())
  await popup.cancel.click()
  await s.evm.view('account').waitFor()
  await poll(() => popup.page.isClosed()).toBe(true)
  expect(await balance()).toBe(before)
})

test('behavior: a failed options call falls back to the built-in options and says so', async () => {
  e2e.stack.blockchainApi?.failNext({ path: '/v1/onramp/options', status: 503 })
  const { onramp } = await onOnRamp()
  await onramp.fallback.waitFor()
  expect(await onramp.fallback.textContent()).toContain('standard payment options and limits')
  expect(await onramp.limits.textContent()).toBe('10 to 7,500 USD')
  await onramp.method('ach_bank_account').click()
  expect(await onramp.limits.textContent()).toBe('10 to 25,000 USD')
  // 15 is within the fallback's limits (the provider's own start at 20).
  await onramp.enter('15')
  await onramp.quote.waitFor()
  expect(await onramp.amountError.count()).toBe(0)
  expect(await onramp.buy.isEnabled()).toBe(true)
})

test('behavior: a failed quote shows a placeholder marked as an estimate', async () => {
  e2e.stack.blockchainApi?.failNext({ path: '/v1/onramp/quote', status: 500 })
  const { onramp } = await onOnRamp()
  await onramp.enter('50')
  await onramp.estimate.waitFor()
  expect(await onramp.quote.getAttribute('data-estimate')).toBe('true')
  expect(await onramp.estimate.textContent()).toContain('Estimate only')
  expect(await onramp.receive.textContent()).toMatch(/^≈ 0\.01666\d* ETH$/)
})

test('error: an amount outside the limits is refused before any window opens', async () => {
  const { s, onramp } = await onOnRamp()
  await onramp.enter('19.99')
  await onramp.amountError.waitFor()
  expect(await onramp.amountError.textContent()).toBe('Enter an amount between 20 and 5,000 USD.')
  expect(await onramp.buy.isDisabled()).toBe(true)
  await onramp.buy.click({ force: true })
  await onramp.enter('5000.01')
  expect(await onramp.amountError.textContent()).toBe('Enter an amount between 20 and 5,000 USD.')
  await onramp.buy.click({ force: true })
  expect(s.context.pages()).toHaveLength(1)
  expect(generatorCalls(s)).toBe(0)
})

/** Buys 50 USD of ETH with the generator answering `link`; returns what the visitor and the page saw. */
async function buyWithLink(link: (checkout: string) => string) {
  const checkout = e2e.stack.urls.onrampCheckout
  e2e.stack.onramp?.setCheckoutUrl(link(checkout))
  const { s, onramp } = await onOnRamp()
  await onramp.enter('50')
  await onramp.quote.waitFor()
  const opened: string[] = []
  s.context.on('page', (p) => p.on('framenavigated', (f) => opened.push(f.url())))
  await onramp.buy.click()
  await onramp.error.waitFor()
  await poll(() => s.context.pages().length).toBe(1)
  return {
    s,
    onramp,
    error: await onramp.error.textContent(),
    // Only the empty window ever showed a page.
    opened: opened.filter((u) => u !== 'about:blank'),
  }
}

test('error: a checkout link that is not https is refused: its page never loads, no window stays', async () => {
  const { s, onramp, error, opened } = await buyWithLink(() => 'http://checkout.example.com/buy')
  expect(error).toBe(
    'The checkout link from the on-ramp service is not secure, so it was not opened.',
  )
  expect(generatorCalls(s)).toBe(1)
  expect(opened).toEqual([])
  expect(s.blocked).toEqual([])
  expect(await onramp.view.isVisible()).toBe(true)
})

test('error: a checkout link on an origin the site did not declare is refused: nothing opens, walletkit:error', async () => {
  // http on loopback passes the https rule; only the origin is wrong (another port of this machine).
  const { s, onramp, error, opened } = await buyWithLink(
    (checkout) => `http://127.0.0.1:${Number(new URL(checkout).port) + 1}/buy/1`,
  )
  expect(error).toBe(
    'The checkout link leads to a site that is not a known on-ramp provider, so it was not opened.',
  )
  expect(opened).toEqual([])
  expect(await onramp.error.getAttribute('data-error')).toBe('CheckoutOriginError')
  await poll(() => details(s, 'error')).toContainEqual(
    expect.objectContaining({ code: 'CheckoutOriginError' }),
  )
  // What was typed is kept.
  expect(await onramp.amount.inputValue()).toBe('50')
})

test('error: a checkout link naming another destination address is refused: nothing opens, walletkit:error', async () => {
  const stranger = testAccount(5).address
  const wallets = encodeURIComponent(
    JSON.stringify([{ address: stranger, blockchains: ['devnet-31337'] }]),
  )
  const { s, onramp, error, opened } = await buyWithLink(
    (checkout) => `${checkout}/buy/1?destinationWallets=${wallets}`,
  )
  expect(error).toBe(
    'The checkout would send your purchase to another address than yours, so it was not opened.',
  )
  expect(opened).toEqual([])
  expect(await onramp.error.getAttribute('data-error')).toBe('CheckoutAddressError')
  await poll(() => details(s, 'error')).toContainEqual(
    expect.objectContaining({ code: 'CheckoutAddressError' }),
  )
  expect(e2e.stack.onramp?.sessions.every((x) => x.status === 'open')).toBe(true)
})

test('behavior: a visitor in a restricted time zone is told providers may not serve the region', async () => {
  const { onramp } = await onOnRamp({ context: { timezoneId: 'Asia/Shanghai' } })
  await onramp.restricted.waitFor()
  expect(await onramp.restricted.textContent()).toContain('may not serve visitors in your region')
  const elsewhere = await onOnRamp({ context: { timezoneId: 'Europe/Berlin' } })
  await elsewhere.onramp.amount.waitFor()
  expect(await elsewhere.onramp.restricted.count()).toBe(0)
})

test('error: script in a quote is shown as text and never runs (SECURITY.md row 7)', async () => {
  const evil = '<img src=x onerror="window.__wkXss=1">'
  e2e.stack.blockchainApi?.failNext({
    path: '/v1/onramp/quote',
    status: 200,
    body: JSON.stringify({
      quoteId: '<script>window.__wkXss=1</script>',
      paymentTotal: { amount: '50.00', currency: 'USD' },
      paymentSubtotal: { amount: '48.90', currency: 'USD' },
      purchaseAmount: { amount: '0.0163', currency: '<i>ETH</i>' },
      fees: [{ type: evil, amount: '1.10', currency: 'USD' }],
    }),
  })
  const { s, onramp } = await onOnRamp()
  await onramp.enter('50')
  await onramp.quote.waitFor()
  expect(await onramp.quote.getAttribute('data-estimate')).toBe('false')
  expect(await onramp.receive.textContent()).toBe('0.0163 <i>ETH</i>')
  expect(await onramp.quote.locator('img, script, i').count()).toBe(0)
  expect(await s.page.evaluate(() => (window as { __wkXss?: number }).__wkXss)).toBeUndefined()
})

test('behavior: the OnRamp view has no serious accessibility violations, quote and error shown', async () => {
  const { s, onramp } = await onOnRamp()
  await onramp.enter('10')
  await onramp.amountError.waitFor()
  await onramp.enter('50')
  await onramp.quote.waitFor()
  expect(await seriousAxeViolations(s.page, 'walletkit-modal')).toEqual([])
})
