import { beforeAll, expect, test } from 'vitest'
import { testAccount } from '../stack/chain/index'
import { type EvmSession, setupEvmE2E } from './evm/support/fixture'
import { seriousAxeViolations } from './support/axe'
import { strictPolicy } from './support/csp'
import type { RecordedViolation } from './support/globals'
import { PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll } from './support/poll'
import { recordCspViolations } from './support/recorders'
import { eventTypes, expectView } from './support/validators'

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address
/** The width the page's own stylesheet gives the panel the embed sits in. */
const PANEL_PX = 420

beforeAll(() => {
  e2e.stack.static.mount('/embed/page.css', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' })
    res.end(`#panel { width: ${PANEL_PX}px; margin: 16px 0; }`)
  })
  e2e.stack.static.setHeaderHook((_req, path) =>
    path === PAGES.embed ? { 'Content-Security-Policy': strictPolicy(e2e.stack) } : undefined,
  )
})

/** The no-code page (`<walletkit-embed view="Connect">`) under the strict CSP, ready. */
async function embedPage() {
  const s = await e2e.newSession()
  await recordCspViolations(s.context)
  await s.host.goto(PAGES.embed)
  await s.host.waitForReady()
  const embed = new ModalPage(s.page, 'embed')
  const violations = (): Promise<RecordedViolation[]> =>
    s.page.evaluate(() => window.__wkViolations ?? [])
  return { s, embed, violations }
}

/** Picks the Devnet Wallet in the inline Connect view and waits until it is connected. */
async function connectInline(s: EvmSession, embed: ModalPage) {
  const wallet = s.evm.wallet(s.info.uuid)
  expect(await wallet.locator('.wk-wallet-name').textContent()).toBe('Devnet Wallet')
  await wallet.click()
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  await poll(() => embed.viewTestId()).toBe('wk-view-account')
}

test('default', async () => {
  const { s, embed, violations } = await embedPage()
  await expectView(embed, 'connect', 'Connect Wallet')
  // Inline in the page: no dialog (but the login frame's own, closed), no modal host; a region
  // named by its title; focus left alone.
  expect(await s.page.locator('walletkit-modal').count()).toBe(0)
  expect(await s.page.locator('dialog:not(.wk-frame)').count()).toBe(0)
  await s.page.getByRole('region', { name: 'Connect Wallet' }).waitFor()
  expect(await s.page.evaluate(() => document.activeElement === document.body)).toBe(true)
  // Sized by the host page's container.
  expect(await embed.card.evaluate((card) => card.getBoundingClientRect().width)).toBe(PANEL_PX)
  expect(await s.host.state()).toMatchObject({ open: true, view: 'Connect' })

  await connectInline(s, embed)
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
  await poll(() => s.evm.balance.getAttribute('data-status')).toBe('ready')
  expect(await s.host.state()).toMatchObject({ open: true, view: 'Account', address: ALICE })
  expect(await s.page.locator('walletkit-modal').count()).toBe(0)
  const types = eventTypes(await s.host.events())
  expect(types.filter((type) => type === 'open' || type === 'close')).toEqual(['open'])
  expect(types).toContain('connected')

  // Nothing of ours broke the policy. The control: the policy is in force and the recorder hears it.
  expect(await violations()).toEqual([])
  await s.page.evaluate(() => {
    const style = document.createElement('style')
    style.textContent = 'body { color: red }'
    document.head.append(style)
  })
  await poll(() => violations().then((list) => list.map((v) => v.directive))).toEqual([
    'style-src-elem',
  ])
})

test('behavior: closing goes to Account when connected, else Connect (SPEC §2)', async () => {
  const { s, embed } = await embedPage()
  await expectView(embed, 'connect')
  await embed.waitForWallets(2)
  expect(await seriousAxeViolations(s.page, 'walletkit-embed')).toEqual([])
  // Where closing would go anyway, there is no close button.
  expect(await embed.closeButton.count()).toBe(0)
  await embed.goToAllWallets()
  await embed.clickClose()
  await expectView(embed, 'connect')
  await embed.goToAllWallets()
  await embed.searchInput.focus()
  await embed.pressEscape()
  await expectView(embed, 'connect')
  expect(await embed.closeButton.count()).toBe(0)

  await connectInline(s, embed)
  expect(await embed.closeButton.count()).toBe(0)
  await poll(() => s.evm.balance.getAttribute('data-status')).toBe('ready')
  expect(await seriousAxeViolations(s.page, 'walletkit-embed')).toEqual([])
  await s.evm.networkButton.click()
  await s.evm.view('networks').waitFor()
  await embed.clickClose()
  await poll(() => embed.viewTestId()).toBe('wk-view-account')
  // It never closed: embedded, the kit stays open.
  const types = eventTypes(await s.host.events())
  expect(types.filter((type) => type === 'open' || type === 'close')).toEqual(['open'])
})

test('behavior: Tab goes through it in page order, with no trap; focus follows a view change', async () => {
  const { s, embed } = await embedPage()
  await embed.waitForWallets(2)
  await s.page.focus('#before')
  const inside: string[] = []
  for (let i = 0; i < 30; i++) {
    await s.page.keyboard.press('Tab')
    const focus = await embed.focused()
    if (!focus.insideDialog) break
    inside.push(focus.id)
  }
  expect(inside[0]).toBe('wk-help')
  expect(inside.at(-1)).toBe('wk-all-wallets')
  expect(new Set(inside).size, 'each element once: no cycle').toBe(inside.length)
  expect(await s.page.evaluate(() => document.activeElement?.id)).toBe('after')
  await s.page.keyboard.press('Shift+Tab')
  expect((await embed.focused()).id).toBe('wk-all-wallets')

  // Enter on All Wallets replaces the focused button: focus moves into the new view.
  await s.page.keyboard.press('Enter')
  await expectView(embed, 'all-wallets')
  await poll(() => embed.focused()).toEqual({ id: 'wk-search', insideDialog: true })
})

test('behavior: it takes the width of its container, and its height when the container has one', async () => {
  const { s, embed } = await embedPage()
  await expectView(embed, 'connect')
  // Its natural height is that of Connect with its wallets listed, not of the placeholders.
  await embed.waitForWallets(2)
  await poll(() => embed.placeholders.count()).toBe(0)
  const size = () =>
    embed.card.evaluate((card) => {
      const box = card.getBoundingClientRect()
      return { width: box.width, height: box.height }
    })
  expect((await size()).width).toBe(PANEL_PX)
  // Narrower, its content wraps: its natural height is the one at that width.
  await s.page.evaluate(() => document.getElementById('panel')?.style.setProperty('width', '300px'))
  await poll(() => size().then((box) => box.width)).toBe(300)
  const natural = await size()
  await s.page.evaluate(() =>
    document.getElementById('panel')?.style.setProperty('height', '700px'),
  )
  await poll(size).toEqual({ width: 300, height: 700 })
  await s.page.evaluate(() => document.getElementById('panel')?.style.removeProperty('height'))
  await poll(() => size().then((box) => box.height)).toBe(natural.height)
})

test('error: a second <walletkit-embed> stays empty and reports that the kit is shown already', async () => {
  e2e.allowPageErrors(/already embedded/)
  const { s, embed } = await embedPage()
  await expectView(embed, 'connect')
  await s.page.evaluate(() => {
    const second = document.createElement('walletkit-embed')
    second.id = 'second'
    document.body.append(second)
  })
  await poll(() => s.pageErrors.map((error) => error.message)).toEqual([
    expect.stringContaining('WalletKit is already embedded in another element'),
  ])
  expect(
    await s.page.evaluate(() => document.getElementById('second')?.shadowRoot?.childNodes.length),
  ).toBeUndefined()
  await expectView(embed, 'connect')
})
