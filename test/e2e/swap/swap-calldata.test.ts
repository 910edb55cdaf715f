import { decodeFunctionData, type Hex } from 'viem'
import { expect, test } from 'vitest'
import type { TamperField } from '../../stack/blockchain-api/convert'
import { artifacts } from '../../stack/contracts/index'
import { details } from '../evm/support/fixture'
import { poll } from '../support/poll'
import { openSwap, type SwapSession, setupSwapE2E } from './support/fixture'
import { blockchainApi, fill, formKept, transactions } from './support/form'

/**
 * SECURITY row 28 in the browser: the swap call the convert stand-in builds is decoded and
 * checked before the wallet is asked. Each tamper switch is refused with its text in the modal
 * and its own `walletkit:error` code, the form keeps what was typed, and no eth_sendTransaction
 * reaches the wallet.
 */
const e2e = setupSwapE2E()
const api = () => blockchainApi(e2e.stack)

/** A session whose account holds USDC to pay with, on the Swap form. */
async function swapping(): Promise<SwapSession> {
  const s = await e2e.session({ accountIndex: 5 })
  await s.chain.mint('USDC', s.wallet.address, '100')
  await openSwap(s)
  return s
}

/** The codes of the page's walletkit:error events. */
const codes = async (s: SwapSession) =>
  ((await details(s, 'error')) as { code: string }[]).map((e) => e.code)

/**
 * Asks for a review of `pay` → `receive` with the next swap call tampered; once refused, the form
 * is as typed. Returns the new toasts and the new walletkit:error code.
 */
async function refused(
  s: SwapSession,
  field: TamperField,
  [pay, receive, amount]: readonly [string, string, string],
): Promise<[string[], string | undefined]> {
  await fill(s, pay, receive, amount)
  const [shown, errors] = [(await s.evm.toasts()).length, (await codes(s)).length]
  api().convert.tamperNext({ path: '/v1/convert/build-transaction', field })
  await poll(() => s.swap.action.isEnabled(), field).toBe(true)
  await s.swap.action.click()
  await poll(() => codes(s).then((c) => c.length), field).toBe(errors + 1)
  await poll(() => s.evm.toasts().then((t) => t.length), field).toBe(shown + 1)
  await formKept(s, pay, receive, amount)
  return [(await s.evm.toasts()).slice(shown), (await codes(s))[errors]]
}

const TOKEN = ['USDC', 'WETH', '30'] as const
const COIN = ['ETH', 'USDC', '0.25'] as const

const cases = [
  [
    'recipient',
    'SwapRecipientMismatchError',
    'The swap would send what you buy to another address than yours.',
  ],
  ['minimumOut', 'SwapMinimumMismatchError', 'The swap guarantees less than the minimum shown.'],
  [
    'outputToken',
    'SwapOutputMismatchError',
    'The swap would buy another token than the one you chose.',
  ],
  ['function', 'SwapFunctionUnknownError', 'The swap calls a function WalletKit cannot check.'],
] as const

for (const [field, code, text] of cases)
  test(`error: a swap call with another ${field} is refused before the wallet is asked`, async () => {
    // Paying with a token: its approval would come next, and is never built.
    const s = await swapping()
    expect(await refused(s, field, TOKEN)).toEqual([[text], code])
    expect(transactions(s)).toBe(0)
  })

test('error: a swap call taking another amount than typed is refused before the wallet is asked', async () => {
  const s = await swapping()
  expect(await refused(s, 'amountIn', TOKEN)).toEqual([
    ['The swap would take another amount than you entered.'],
    'SwapInputMismatchError',
  ])
  expect(transactions(s)).toBe(0)
})

test('error: paying with the coin, each tampered swap call is refused the same way', async () => {
  // No approval; the amount paid is the transaction's value (checked on its own), not the call's.
  const s = await swapping()
  for (const [field, code, text] of cases)
    expect(await refused(s, field, COIN), field).toEqual([[text], code])
  expect(transactions(s)).toBe(0)
})

test('error: an approval for a contract that is not a known router is refused', async () => {
  // The service names the attacker as spender (the swap itself goes to the real router).
  const s = await swapping()
  await fill(s, ...TOKEN)
  api().convert.tamperNext({ path: '/v1/convert/build-approve', field: 'spender' })
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await poll(() => s.evm.toasts()).toEqual([
    'The approval is for a contract that is not a known exchange of this network.',
  ])
  await formKept(s, ...TOKEN)
  expect(await codes(s)).toEqual(['SwapRouterUnknownError'])
  expect(transactions(s)).toBe(0)
})

/** The minimum (`amountOutMin`) of the swap the wallet was asked to send. */
function signedMinimum(s: SwapSession): bigint {
  const call = s.wallet.calls.find((c) => c.method === 'eth_sendTransaction')
  if (!call) throw new Error('no eth_sendTransaction')
  const { data } = (call.params as { data: Hex }[])[0] as { data: Hex }
  const { args } = decodeFunctionData({ abi: artifacts.SimpleRouter.abi, data })
  // swapExactETHForTokens(amountOutMin, path, to, deadline)
  return args?.[0] as bigint
}

test('behavior: the review’s “at least” is the decoded call’s, not the quote’s', async () => {
  // The service guarantees the whole quote (no slippage): the review says so, and the wallet
  // signs exactly that; the form's details still show the quote less 1 %.
  const s = await swapping()
  await fill(s, ...COIN)
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  const quoted = await s.swap.receiveAmount.inputValue()
  const minimum = await s.swap.detail('minimum-received').textContent()
  expect(minimum).not.toBe(`${quoted} USDC`)
  api().convert.tamperNext({ path: '/v1/convert/build-transaction', field: 'fullMinimum' })
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  const router = s.chain.chain.router
  expect(await s.swap.reviewStatement.textContent()).toBe(
    `Swap 0.25 ETH for at least ${Number(quoted).toLocaleString('en-US', { maximumFractionDigits: 6 })} USDC through ${router}.`,
  )
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
  expect(signedMinimum(s)).toBe(BigInt(Math.round(Number(quoted) * 1e6)))
})

test('behavior: the review’s first frame does not wait for the simulation; the button does', async () => {
  // The swap's eth_simulateV1 is held unanswered. The frame that first shows the review must
  // already state the swap, its button still checking: had the review waited for the simulation
  // (or its 5 s bound), that frame would show the button ready.
  const s = await swapping()
  const rpc = new URL(s.chain.chain.rpcUrl).origin
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await s.page.route(
    (url) => url.origin === rpc,
    async (route) => {
      if (route.request().postData()?.includes('"eth_simulateV1"')) await held
      await route.fallback()
    },
  )
  // What the review's button says in the DOM commit that first shows the statement.
  await s.page.evaluate(() => {
    const root = document.querySelector('walletkit-modal')?.shadowRoot as ShadowRoot
    const observer = new MutationObserver(() => {
      if (!root.querySelector('[data-testid="wk-swap-preview-statement"]')) return
      const button = root.querySelector('[data-testid="wk-swap-preview-action"]')
      Object.assign(window, { __firstReview: button?.textContent })
      observer.disconnect()
    })
    observer.observe(root, { childList: true, subtree: true, characterData: true })
  })
  await fill(s, ...COIN)
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await s.swap.reviewStatement.waitFor()
  expect(await s.page.evaluate(() => (window as { __firstReview?: string }).__firstReview)).toBe(
    'Checking the swap…',
  )
  expect(await s.swap.reviewStatement.textContent()).toMatch(
    /^Swap 0\.25 ETH for at least [\d,.]+ USDC through 0x[0-9a-fA-F]{40}\.$/,
  )
  // Answered (or after its bound), the untampered swap goes through.
  release()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
  expect(transactions(s)).toBe(1)
})
