import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { connect, type EvmSession, setupEvmE2E } from './evm/support/fixture'
import { poll } from './support/poll'

const e2e = setupEvmE2E()

declare global {
  interface Window {
    /** Height animations the modal's card ran, as `from→to` (installed by {@link recordResizes}). */
    __wkResizes?: string[]
  }
}

/** Records every height animation run on the modal's card, before the bundle runs. */
async function recordResizes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__wkResizes', { value: seen })
    const animate = Element.prototype.animate
    Element.prototype.animate = function (keyframes, options) {
      const frames = keyframes as Keyframe[]
      if (this.classList.contains('wk-card') && Array.isArray(frames) && frames[0]?.height)
        seen.push(`${frames[0].height}→${frames.at(-1)?.height}`)
      return animate.call(this, keyframes, options)
    }
  })
}

/** The card's height, and the view body's. */
const heights = (s: EvmSession) =>
  s.modal.card.evaluate((card) => (card as HTMLElement).offsetHeight)

test('default: the card grows and shrinks to each view’s height; with reduced motion it does not animate', async () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const s = await e2e.newSession({ context: { reducedMotion } })
    await recordResizes(s.context)
    await s.open()
    await s.modal.openViaApi()
    await s.modal.waitForWallets(4)
    const connectHeight = await heights(s)
    await s.page.locator('[data-testid="wk-help"]').click()
    await s.page.locator('[data-testid="wk-view-help"]').waitFor()
    // Measured once the card is still: mid-animation its height is any value between the two.
    if (reducedMotion !== 'reduce') {
      await poll(() => s.page.evaluate(() => window.__wkResizes?.length)).toBe(1)
      await poll(() => s.modal.card.evaluate((card) => card.getAnimations().length)).toBe(0)
    }
    await poll(() => heights(s)).not.toBe(connectHeight)
    const helpHeight = await heights(s)
    const resizes = await s.page.evaluate(() => window.__wkResizes ?? [])
    if (reducedMotion === 'reduce') expect(resizes).toEqual([])
    else expect(resizes).toEqual([`${connectHeight}px→${helpHeight}px`])
  }
})

test('behavior: a toast sits below the header, never over the title or the close button', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await s.page.locator('[data-testid="wk-account-copy"]').click()
  const toast = s.page.locator('[data-testid="wk-toast"]')
  await toast.waitFor()
  const [header, shown] = await Promise.all([
    s.page.locator('.wk-header').boundingBox(),
    toast.boundingBox(),
  ])
  expect(shown?.y).toBeGreaterThan((header?.y ?? 0) + (header?.height ?? 0))
})

test('behavior: the dark modal has dark scrollbars and native lists, with a gutter beside the rows', async () => {
  const s = await e2e.newSession()
  await s.open({ themeMode: 'dark' })
  await s.modal.openViaApi()
  await s.modal.waitForWallets(4)
  const look = await s.modal.card.evaluate((card) => {
    const body = card.querySelector<HTMLElement>('.wk-body') as HTMLElement
    const row = body.querySelector('.wk-wallet') as HTMLElement
    const style = getComputedStyle(body)
    return {
      scheme: getComputedStyle(card).colorScheme,
      gutter: style.scrollbarGutter,
      thumb: style.scrollbarColor.replace(/\) .*/, ')'),
      scrolls: body.scrollHeight > body.clientHeight,
      // From the row's end to the body's inner edge (the scrollbar's side).
      gap: Math.round(body.getBoundingClientRect().right - row.getBoundingClientRect().right),
      scrollbar: body.offsetWidth - body.clientWidth,
    }
  })
  expect(look.scheme).toBe('dark')
  expect(look.gutter).toBe('stable')
  expect(look.thumb).toBe('rgb(42, 46, 55)')
  expect(look.scrolls).toBe(true)
  // The row keeps at least 6 px from the scrollbar, and the same 16 px from the card's edge as
  // on the other side when the scrollbar floats over the view.
  expect(look.gap - look.scrollbar).toBeGreaterThanOrEqual(6)
  expect(look.gap).toBeGreaterThanOrEqual(16)
})

test('behavior: on a phone the sheet takes up to 90 % of the screen and no text field raises the keyboard by itself', async () => {
  const s = await e2e.newSession({
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  })
  await s.open()
  await s.modal.openViaApi()
  await s.modal.waitForWallets(4)
  const focusedField = () =>
    s.page.evaluate(() => {
      const active = document.querySelector('walletkit-modal')?.shadowRoot?.activeElement
      return active?.tagName === 'INPUT' ? (active.getAttribute('data-testid') ?? 'input') : null
    })
  expect(await focusedField()).toBe(null)
  const card = await s.modal.cardBox()
  expect(card.height).toBeLessThanOrEqual(844 * 0.9 + 1)
  expect(Math.round(card.y + card.height)).toBe(844)
  // A view whose field asks for focus on a desktop, and back to Connect: no field takes it.
  await s.modal.goToAllWallets()
  expect(await focusedField()).toBe(null)
  await s.page.locator('[data-testid="wk-back"]').click()
  await s.page.locator('[data-testid="wk-view-connect"]').waitFor()
  expect(await focusedField()).toBe(null)
})

test('behavior: each social login is a brand mark named for screen readers; the wallets stay above the fold', async () => {
  const s = await e2e.newSession({ context: { viewport: { width: 1280, height: 720 } } })
  await s.open()
  await s.modal.openViaApi()
  await s.modal.waitForWallets(4)
  const socials = await s.page
    .locator('[data-testid^="wk-social-"]')
    .evaluateAll((buttons) =>
      buttons.map((b) => [b.getAttribute('aria-label'), b.querySelector('svg')?.dataset.icon]),
    )
  expect(socials).toEqual(
    ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'].map((name) => [
      `Continue with ${name}`,
      name.toLowerCase(),
    ]),
  )
  // The 640 px card shows the first wallet rows without scrolling.
  const card = await s.modal.cardBox()
  const third = await s.modal.wallets.nth(2).boundingBox()
  expect(card.height).toBe(640)
  expect((third?.y ?? 0) + (third?.height ?? 0)).toBeLessThan(card.y + card.height)
})
