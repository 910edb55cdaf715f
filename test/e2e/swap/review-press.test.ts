import type { Route } from 'playwright-core'
import { expect, test } from 'vitest'
import { connect } from '../evm/support/fixture'
import { poll } from '../support/poll'
import { chainOf } from './support/chain'
import { openSwap, type SwapSession, setupSwapE2E, swapNetworks } from './support/fixture'
import { SwapPage } from './support/swap-page'

// One press on "Approve USDC" always acts, whenever the visitor presses it; while something is
// still loading, the button says so. The quotes' refresh (every 10 s) is moved by the page's clock.

const e2e = setupSwapE2E()
const REFRESH_MS = 10_000

/** A connected session whose page clock the test moves, on the swap form. */
async function onSwap(accountIndex: number): Promise<SwapSession> {
  const s = await e2e.newSession({ accountIndex })
  await s.context.clock.install()
  await s.open({ networks: swapNetworks(e2e.stack) })
  await connect(s)
  const session = Object.assign(s, { swap: new SwapPage(s.page), chain: chainOf(e2e.stack) })
  await openSwap(session)
  return session
}

/** Holds the next request under `path` until the returned release is called. */
async function holdNext(s: SwapSession, path: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let arrived = false
  const handler = async (route: Route) => {
    await s.context.unroute(`**${path}**`, handler)
    arrived = true
    await released
    await route.continue()
  }
  await s.context.route(`**${path}**`, handler)
  return { release, arrived: () => arrived }
}

/** USDC for WETH quoted, on the review with "Approve USDC" ready. */
async function onReview(s: SwapSession) {
  await s.swap.pay('USDC')
  await s.swap.receive('WETH')
  await s.swap.type('100')
  await poll(() => s.swap.action.textContent()).toBe('Review swap')
  await poll(() => s.swap.action.isEnabled()).toBe(true)
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve USDC')
  await poll(() => s.swap.reviewAction.isEnabled()).toBe(true)
}

const sends = (s: SwapSession) =>
  s.wallet.calls.filter((c) => c.method === 'eth_sendTransaction').length

test('default', async () => {
  const s = await onSwap(0)
  await onReview(s)
  // The refresh checks the allowance again; its answer is held while the visitor presses.
  const held = await holdNext(s, '/v1/convert/allowance')
  await s.page.clock.fastForward(REFRESH_MS)
  await poll(() => held.arrived()).toBe(true)
  expect(await s.swap.reviewAction.textContent()).toBe('Approve USDC')
  expect(await s.swap.reviewAction.isEnabled()).toBe(true)
  await s.swap.reviewAction.click()
  await s.swap.approval.waitFor()
  await s.swap.approveConfirm.click()
  await poll(() => sends(s)).toBe(1)
  held.release()
  // Approved and mined: the review offers the swap.
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  expect(sends(s)).toBe(1)
})

test('behavior: while a new approval is prepared, its button says so', async () => {
  const s = await onSwap(2)
  await onReview(s)
  await s.swap.reviewAction.click()
  await s.swap.approval.waitFor()
  const held = await holdNext(s, '/v1/convert/build-approve')
  await s.swap.approveUnlimited.check()
  await poll(() => held.arrived()).toBe(true)
  expect(await s.swap.approveConfirm.textContent()).toBe('Preparing the transaction…')
  expect(await s.swap.approveConfirm.isDisabled()).toBe(true)
  held.release()
  await poll(() => s.swap.approveConfirm.textContent()).toBe('Approve USDC')
  await s.swap.approveConfirm.click()
  await poll(() => sends(s)).toBe(1)
})
