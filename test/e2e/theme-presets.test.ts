import { expect, test } from 'vitest'
import { type EvmSession, setupEvmE2E } from './evm/support/fixture'
import { type AxeRuleOutcome, runAxeRules } from './support/axe'
import { RECOMMENDED_COUNT } from './support/catalog'
import { decodePng, diffPixels } from './support/png'
import { poll } from './support/poll'

const e2e = setupEvmE2E()

type Preset = 'default' | 'contrast' | 'minimal' | 'rounded'
type Mode = 'light' | 'dark'
/** AA for every preset; AAA (color-contrast-enhanced) is what `contrast` promises. */
const RULES = ['color-contrast', 'color-contrast-enhanced'] as const

/** What a preset looks like on Connect and on Account, and what axe found there. */
type Look = {
  pictures: { connect: Buffer; account: Buffer }
  axe: { connect: Record<string, AxeRuleOutcome>; account: Record<string, AxeRuleOutcome> }
}

/** A screenshot of the card with nothing focused or hovered and no animation running. */
async function picture(s: EvmSession): Promise<Buffer> {
  await s.page.mouse.move(0, 0)
  await s.modal.dialog.evaluate((dialog) => {
    const active = (dialog.getRootNode() as ShadowRoot).activeElement
    if (active instanceof HTMLElement) active.blur()
  })
  return s.modal.card.screenshot({ animations: 'disabled', caret: 'hide' })
}

/** Opens Connect and Account (connecting the Devnet Wallet in between) under `preset`. */
async function lookOf(preset: Preset, mode: Mode = 'light'): Promise<Look> {
  const s = await e2e.newSession()
  await s.open({ themePreset: preset, themeMode: mode })
  await s.modal.openViaApi()
  expect(await s.modal.host.getAttribute('data-preset')).toBe(preset)
  await s.evm.wallet(s.info.uuid).waitFor()
  // Every wallet's image settled (none still loading) and each <img> decoded.
  await s.modal.waitForWallets(RECOMMENDED_COUNT)
  await poll(() =>
    s.modal.wallets.evaluateAll((rows) =>
      rows.every((row) => {
        const status = row.querySelector('.wk-image')?.getAttribute('data-status')
        const img = row.querySelector('img')
        return status !== 'loading' && (!img || img.naturalWidth > 0)
      }),
    ),
  ).toBe(true)
  const connect = await picture(s)
  const connectAxe = await runAxeRules(s.page, RULES)

  await s.evm.wallet(s.info.uuid).click()
  await s.modal.waitForClosed()
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
  await poll(() => s.evm.balance.getAttribute('data-status')).toBe('ready')
  await s.page.locator('[data-testid="wk-account-tokens"] .wk-token').first().waitFor()
  // Images are shown a few per task: none still waiting for its turn.
  await poll(() =>
    s.modal.card.evaluate(
      (card) => card.querySelectorAll('.wk-image[data-status="loading"]').length,
    ),
  ).toBe(0)
  const account = await picture(s)
  const accountAxe = await runAxeRules(s.page, RULES)
  return { pictures: { connect, account }, axe: { connect: connectAxe, account: accountAxe } }
}

/**
 * Share of the pixels of two same-sized screenshots that differ in any channel by more than 2 of
 * 255: fine enough to see a surface a few shades lighter. The same preset twice stays at or under
 * SAME (the control in 'default'); a preset's own look goes over it.
 */
function difference(a: Buffer, b: Buffer): number {
  const diff = diffPixels(decodePng(a), decodePng(b), 2)
  expect(diff.sameSize, 'same size').toBe(true)
  return diff.ratio
}

/** axe checked text inside the modal and found it all at the rule's contrast. */
function expectContrast(outcome: AxeRuleOutcome | undefined, label: string) {
  expect(outcome?.violations, `${label}: violations`).toEqual([])
  expect(outcome?.passedInside, `${label}: nodes checked inside the modal`).toBeGreaterThan(5)
}

const SAME = 0.002

const looks = new Map<string, Promise<Look>>()
/** Each preset's look, taken once for the file. */
const look = (preset: Preset, mode: Mode = 'light') => {
  const key = `${preset}:${mode}`
  if (!looks.has(key)) looks.set(key, lookOf(preset, mode))
  return looks.get(key) as Promise<Look>
}

test('default', async () => {
  const first = await look('default')
  // The comparisons below mean something: the same preset twice gives the same pictures.
  const again = await lookOf('default')
  for (const view of ['connect', 'account'] as const)
    expect(difference(again.pictures[view], first.pictures[view]), view).toBeLessThanOrEqual(SAME)
  expectContrast(first.axe.connect['color-contrast'], 'default Connect AA')
  expectContrast(first.axe.account['color-contrast'], 'default Account AA')
  // The AAA check can fail: the default look is AA, not AAA.
  expect(first.axe.connect['color-contrast-enhanced']?.violations.length).toBeGreaterThan(0)
})

test.each(['contrast', 'minimal', 'rounded'] as const)(
  'behavior: %s renders Connect and Account, its own look at AA or better',
  async (preset) => {
    const base = await look('default')
    const own = await look(preset)
    for (const view of ['connect', 'account'] as const) {
      expect(
        difference(own.pictures[view], base.pictures[view]),
        `${view} differs`,
      ).toBeGreaterThan(SAME)
      expectContrast(own.axe[view]['color-contrast'], `${preset} ${view} AA`)
    }
  },
)

test.each(['light', 'dark'] as const)(
  'behavior: contrast passes WCAG AAA text contrast on Connect and Account (%s)',
  async (mode) => {
    const { axe } = await look('contrast', mode)
    for (const view of ['connect', 'account'] as const) {
      const outcome = axe[view]['color-contrast-enhanced']
      expectContrast(outcome, `contrast ${mode} ${view} AAA`)
      expect(outcome?.incomplete, `${mode} ${view}: nodes axe could not decide`).toEqual([])
    }
  },
)

test('behavior: setTheme({ preset }) changes the look live; ::part() names reach the views', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  const colours = () =>
    s.modal.card.evaluate((card) => {
      const root = card.getRootNode() as ShadowRoot
      const title = root.querySelector('.wk-title')
      const wallet = root.querySelector('.wk-wallet')
      return {
        card: getComputedStyle(card).backgroundColor,
        title: title ? getComputedStyle(title).color : '',
        radius: wallet ? getComputedStyle(wallet).borderTopLeftRadius : '',
      }
    })
  expect(await colours()).toEqual({
    card: 'rgb(255, 255, 255)',
    title: 'rgb(22, 24, 29)',
    radius: '14px',
  })
  await s.page.evaluate(() => window.WalletKit?.init().setTheme({ preset: 'rounded' }))
  await poll(colours).toEqual({
    card: 'rgb(255, 255, 255)',
    title: 'rgb(22, 24, 29)',
    radius: '24.5px',
  })
  await s.page.evaluate(() => window.WalletKit?.init().setTheme({ preset: 'contrast' }))
  await poll(colours).toEqual({ card: 'rgb(255, 255, 255)', title: 'rgb(0, 0, 0)', radius: '14px' })

  await s.page.addStyleTag({
    content: [
      'walletkit-modal::part(list-item) { background: rgb(1, 2, 3); }',
      'walletkit-modal::part(title) { color: rgb(4, 5, 6); }',
      'walletkit-modal::part(input) { color: rgb(7, 8, 9); }',
    ].join('\n'),
  })
  await poll(colours).toEqual({ card: 'rgb(255, 255, 255)', title: 'rgb(4, 5, 6)', radius: '14px' })
  expect(
    await s.evm.wallet(s.info.uuid).evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(1, 2, 3)')
  await s.modal.goToAllWallets()
  expect(await s.modal.searchInput.evaluate((el) => getComputedStyle(el).color)).toBe(
    'rgb(7, 8, 9)',
  )
})
