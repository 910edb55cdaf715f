import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { trackRequests } from '../support/network'
import { poll } from '../support/poll'
import { openSwap, type SwapSession, setupSwapE2E } from './support/fixture'
import { blockchainApi, fill, formKept, transactions } from './support/form'

const e2e = setupSwapE2E()
const api = () => blockchainApi(e2e.stack)

/** Fills the form, waits for the quote and opens the review. */
async function review(s: SwapSession, pay: string, receive: string, amount: string) {
  await fill(s, pay, receive, amount)
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await s.swap.review.waitFor()
}

test('default', async () => {
  // More than the balance, and then not enough of the coin for the gas.
  const s = await e2e.session({ accountIndex: 0 })
  await openSwap(s)
  await fill(s, 'USDC', 'WETH', '20000')
  await poll(() => s.swap.action.textContent()).toBe('Insufficient balance')
  expect(await s.swap.action.isDisabled()).toBe(true)
  await s.swap.type('2')
  await poll(() => s.swap.action.textContent()).toBe('Review swap')

  const poor = testAccount(6).address
  await s.chain.mint('USDC', poor, '100')
  await s.chain.setEther(poor, 10n ** 12n)
  const p = await e2e.session({ accountIndex: 6 })
  await openSwap(p)
  await fill(p, 'USDC', 'WETH', '10')
  await poll(() => p.swap.action.textContent()).toBe('Insufficient balance')
})

test('error: the form’s calls failing show their text; the form stays as typed', async () => {
  const s = await e2e.session({ accountIndex: 4 })
  api().failNext({ path: '/v1/fungible/price', status: 503 })
  await openSwap(s)
  await poll(() => s.evm.toasts()).toContain('Failed to fetch network token price')

  api().failNext({ path: '/v1/convert/quotes', status: 503 })
  await fill(s, 'USDC', 'WETH', '10')
  await poll(() => s.swap.banner.textContent()).toBe(
    'The quote could not be loaded. Try again in a moment.',
  )
  await formKept(s, 'USDC', 'WETH', '10')

  api().failNext({ path: '/v1/convert/quotes', status: 200, body: '{"quotes":[{"id":null}]}' })
  await s.swap.type('11')
  await poll(() => s.swap.banner.textContent()).toBe('Incorrect amountPlease enter a valid amount')
  await s.swap.type('12')
  await poll(() => s.swap.action.textContent()).toBe('Review swap')
  expect(await s.swap.banner.count()).toBe(0)

  for (const [path, text] of [
    ['/v1/convert/allowance', 'Failed to check allowance'],
    ['/v1/convert/build-transaction', 'Failed to create transaction'],
    ['/v1/convert/build-approve', 'Failed to create approval transaction'],
  ] as const) {
    api().failNext({ path, status: 500 })
    await poll(() => s.swap.action.isEnabled()).toBe(true)
    await s.swap.action.click()
    await poll(() => s.evm.toasts(), path).toContain(text)
    await formKept(s, 'USDC', 'WETH', '12')
  }
  expect(transactions(s)).toBe(0)
})

test('behavior: in German the input errors, the banner and a wrong network are German; a pasted amount is cleaned', async () => {
  const s = await e2e.session({ accountIndex: 0, init: { locale: 'de' } })
  await openSwap(s)
  await fill(s, 'USDC', 'WETH', '20000')
  await poll(() => s.swap.action.textContent()).toBe('Guthaben reicht nicht')
  api().failNext({ path: '/v1/convert/quotes', status: 200, body: '{"quotes":[{"id":null}]}' })
  await s.swap.type('11')
  await poll(() => s.swap.banner.textContent()).toBe(
    'Falscher BetragBitte gib einen gültigen Betrag ein',
  )
  // Pasted with its unit: the number is kept, as in Send.
  await s.swap.payAmount.fill('12 USDC')
  await poll(() => s.swap.payAmount.inputValue()).toBe('12')
  await poll(() => s.swap.action.textContent()).toBe('Tausch prüfen')
})

test('error: the tokens or gas price failing cannot start the swap: its text, then back', async () => {
  for (const path of ['/v1/convert/tokens', '/v1/convert/gas-price']) {
    const s = await e2e.session({ accountIndex: 4 })
    const log = trackRequests(s.page)
    api().failNext({ path, status: 500 })
    // Not openViaApi: the failed start may close the modal before a check could see it open.
    await s.page.evaluate(() => window.WalletKit?.init().open({ view: 'Swap' }))
    await poll(() => s.evm.toasts(), path).toContain('Failed to initialize swap')
    // Opened on its own, going back closes the modal; nothing is asked again.
    await s.modal.dialog.waitFor({ state: 'hidden' })
    await log.quiet()
    expect(
      log.urls.filter((url) => new URL(url).pathname === path),
      path,
    ).toHaveLength(1)
  }
})

test('behavior: the wallet declining the approval or the swap keeps everything', async () => {
  const s = await e2e.session({ accountIndex: 3 })
  await openSwap(s)
  await review(s, 'USDC', 'WETH', '25')
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve USDC')
  await s.swap.reviewAction.click()
  s.wallet.rejectNext('eth_sendTransaction')
  await s.swap.approveConfirm.click()
  await poll(() => s.evm.toasts()).toContain('Signature declined')
  await poll(() => s.swap.approveConfirm.isEnabled()).toBe(true)
  expect(await s.swap.approveStatement.textContent()).toContain('to spend 25 USDC')
  await s.swap.approveConfirm.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')

  s.wallet.rejectNext('eth_sendTransaction')
  await s.swap.reviewAction.click()
  await poll(() =>
    s.evm.toasts().then((shown) => shown.filter((t) => t === 'Signature declined').length),
  ).toBe(2)
  await poll(() => s.swap.reviewAction.isEnabled()).toBe(true)
  expect(await s.swap.reviewAction.textContent()).toBe('Swap')
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
})

test('behavior: an account change during a swap resets it (SECURITY row 24)', async () => {
  const s = await e2e.session({ accountIndex: 1 })
  await openSwap(s)
  await review(s, 'USDC', 'WETH', '40')
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve USDC')
  await s.wallet.setAccount(2)
  await s.swap.form.waitFor()
  await poll(() => s.swap.tokenText('pay')).toBe('ETH')
  expect(await s.swap.payAmount.inputValue()).toBe('')
  expect(await s.swap.tokenText('receive')).toBe('Choose a token')
  expect(await s.swap.review.count()).toBe(0)
  expect(transactions(s)).toBe(0)
})

test('error: a transaction other than asked is refused before the wallet is asked (SECURITY row 28)', async () => {
  const s = await e2e.session({ accountIndex: 2 })
  await openSwap(s)
  const cases = [
    ['amount', 'The approval is for another amount than this swap needs.'],
    ['target', 'The approval is not addressed to the token you pay with.'],
  ] as const
  await fill(s, 'USDC', 'WETH', '30')
  for (const [field, text] of cases) {
    api().convert.tamperNext({ path: '/v1/convert/build-approve', field })
    await poll(() => s.swap.action.isEnabled()).toBe(true)
    await s.swap.action.click()
    await poll(() => s.evm.toasts(), field).toContain(text)
    await formKept(s, 'USDC', 'WETH', '30')
  }
  await s.swap.pay('ETH')
  await s.swap.receive('USDC')
  await s.swap.type('0.25')
  api().convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'value' })
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await poll(() => s.evm.toasts()).toContain(
    'The swap would send another amount of coins than you entered.',
  )
  // Ether sent to another contract than the network's known router.
  api().convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'target' })
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await poll(() => s.evm.toasts()).toContain(
    'The swap goes to a contract that is not a known exchange of this network.',
  )
  await formKept(s, 'ETH', 'USDC', '0.25')
  expect(transactions(s)).toBe(0)
})

test('error: a swap the pool no longer fills is a transaction error; nothing is sent, the review stays', async () => {
  const s = await e2e.session({ accountIndex: 0 })
  await openSwap(s)
  await review(s, 'ETH', 'USDC', '1')
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  // Someone sells a lot of ETH for USDC first: the quote is now beyond the 1 % bound.
  await s.chain.swapEther(7, '300')
  await s.swap.reviewAction.click()
  await poll(() => s.evm.toasts()).toContain('Transaction error')
  expect(transactions(s)).toBe(0)
  await poll(() => s.swap.reviewAction.isEnabled()).toBe(true)
  expect(await s.swap.reviewAction.textContent()).toBe('Swap')
})
