import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { connectNames, recommendedWallets, WALLETCONNECT_ENTRY } from './support/catalog'
import { type SessionOptions, setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { type FocusInfo, ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import {
  type AxeViolation,
  expectNoSeriousA11yViolations,
  expectView,
  expectWalletCount,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** The blank page with an instance; the modal opened from `<walletkit-button>`, wallets listed. */
async function opened(options: SessionOptions = {}) {
  const { page } = await e2e.newSession(options)
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank()
  await modal.openViaButton()
  await expectWalletNames(modal, connectNames())
  return { page, host, modal }
}

/** Presses `key` `times` times, noting what has focus after each press. */
async function tabAround(page: Page, modal: ModalPage, key: string, times: number) {
  const seen: FocusInfo[] = []
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key)
    seen.push(await modal.focused())
  }
  return seen
}

type AxeResult = { violations: AxeViolation[]; passes: AxeViolation[] }

/**
 * Runs axe-core over the page and returns its violations. axe walks open shadow roots; that it
 * really checked nodes inside ours is asserted, so an empty list cannot come from not looking.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE })
  const { violations, insideShadow } = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    // Targets inside a shadow root are arrays of selectors: [host, inner].
    const inShadow = (target: unknown) =>
      Array.isArray(target) && Array.isArray(target[0]) && target[0][0] === 'walletkit-modal'
    const insideShadow = result.passes.some((p) => p.nodes.some((n) => inShadow(n.target)))
    const violations = result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }))
    return { violations, insideShadow }
  })
  expect(insideShadow, 'axe checked nodes inside the modal’s shadow root').toBe(true)
  if (violations.length)
    console.log('axe (all impacts):', violations.map((v) => `${v.impact} ${v.id}`).join(', '))
  return violations
}

const HEADER = ['wk-help', 'wk-close']
const connectOrder = () => [
  ...HEADER,
  // Email and social login (on by default): the field, its button, the seven providers.
  'wk-auth-email',
  'wk-auth-email-submit',
  ...['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'].map(
    (provider) => `wk-social-${provider}`,
  ),
  `wk-wallet:${WALLETCONNECT_ENTRY.id}`,
  ...recommendedWallets().map((w) => `wk-wallet:${w.id}`),
  'wk-all-wallets',
]

test('default', async () => {
  const { page, modal } = await opened()
  const attributes = await modal.dialog.evaluate((dialog) => {
    const root = dialog.getRootNode() as ShadowRoot
    const labelledBy = dialog.getAttribute('aria-labelledby') ?? ''
    return {
      role: dialog.getAttribute('role'),
      modal: dialog.getAttribute('aria-modal'),
      label: root.getElementById(labelledBy)?.textContent ?? null,
    }
  })
  expect(attributes).toEqual({ role: 'dialog', modal: 'true', label: 'Connect Wallet' })
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()

  const focus = await modal.focused()
  expect(focus.insideDialog, `focus is on ${focus.id}`).toBe(true)
  expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(1)
})

test('behavior: Tab and Shift+Tab cycle inside the dialog', async () => {
  const { page, modal } = await opened()
  const order = connectOrder()
  expect((await modal.focused()).id).toBe(order[0])

  const forward = await tabAround(page, modal, 'Tab', 20)
  expect(forward.filter((f) => !f.insideDialog)).toEqual([])
  // After the first element: the rest in document order, then round again from the first.
  expect(forward.map((f) => f.id)).toEqual(
    Array.from({ length: 20 }, (_, i) => order[(i + 1) % order.length]),
  )

  const backward = await tabAround(page, modal, 'Shift+Tab', 20)
  expect(backward.filter((f) => !f.insideDialog)).toEqual([])
  const start = order.indexOf(forward.at(-1)?.id ?? '')
  const n = order.length
  expect(backward.map((f) => f.id)).toEqual(
    Array.from({ length: 20 }, (_, i) => order[(((start - i - 1) % n) + n) % n]),
  )
})

test('behavior: focus stays inside the dialog when the view changes', async () => {
  const { page, modal } = await opened()
  // Keyboard only: Tab to All Wallets and press Enter; the button that had focus goes away.
  const order = connectOrder()
  for (let i = 0; i < order.indexOf('wk-all-wallets'); i++) await page.keyboard.press('Tab')
  expect((await modal.focused()).id).toBe('wk-all-wallets')
  await page.keyboard.press('Enter')
  await expectView(modal, 'all-wallets')
  // The new view's field is marked data-autofocus; at the least, focus must not fall to <body>.
  // The view has rendered by now: a short wait is enough.
  await poll(() => modal.focused(), 'focus after the view change', 3_000).toEqual({
    id: 'wk-search',
    insideDialog: true,
  })
})

test('behavior: Escape closes and focus returns to the opener', async () => {
  const { page, modal } = await opened()
  await page.keyboard.press('Tab')
  await modal.pressEscape()
  await modal.waitForClosed()
  await poll(() => modal.focused()).toEqual({ id: 'wk-button', insideDialog: false })

  // The same from a host-page element with data-walletkit-open, closed with the close button.
  await page.locator('#open-all').click()
  await modal.waitForOpen()
  await expectView(modal, 'all-wallets')
  const inside = await modal.focused()
  expect(inside).toEqual({ id: 'wk-search', insideDialog: true })
  await modal.clickClose()
  await modal.waitForClosed()
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('open-all')
})

test('behavior: prefers-reduced-motion turns the card animation off', async () => {
  const animation = (modal: ModalPage) =>
    modal.card.evaluate((card) => getComputedStyle(card).animationName)
  const moving = await opened()
  expect(await animation(moving.modal)).toBe('wk-in')
  const still = await opened({ reducedMotion: 'reduce' })
  expect(await animation(still.modal)).toBe('none')
  expect(
    await still.modal.dialog.evaluate((d) =>
      [...(d.getRootNode() as ShadowRoot).querySelectorAll('*')]
        .map((el) => getComputedStyle(el).animationName)
        .filter((name) => name !== 'none'),
    ),
  ).toEqual([])
})

test('behavior: axe finds nothing serious on Connect and All Wallets', async () => {
  const { page, modal } = await opened()
  expectNoSeriousA11yViolations(await axeViolations(page))
  await modal.goToAllWallets()
  await expectWalletCount(modal, 40)
  expectNoSeriousA11yViolations(await axeViolations(page))
})
