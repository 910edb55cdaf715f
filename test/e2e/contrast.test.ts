import type { Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { seedDemo } from '../stack/demo'
import { type EvmSession, setupEvmE2E } from './evm/support/fixture'
import { type LowContrast, lowContrastTexts } from './support/contrast'
import { decodePng, diffPixels } from './support/png'
import { CONNECTED, DISCONNECTED, type GalleryView } from './support/tour'
import { swapNetworks } from './swap/support/fixture'

const e2e = setupEvmE2E()

const PRESETS = ['default', 'contrast', 'minimal', 'rounded'] as const
const MODES = ['light', 'dark'] as const
/** Share of differing pixels under which two pictures of a view count as the same look. */
const SAME = 0.002

beforeAll(async () => {
  // The demo's history and smart sessions, so Activity and Smart Sessions have rows to show.
  const api = e2e.stack.blockchainApi
  if (api) await seedDemo(e2e.stack.chains, api)
}, 120_000)

type Look = { low: LowContrast[]; measured: number; picture: Buffer }

/** Each preset and mode of the view on screen: its texts' contrast and a picture of the card. */
async function looks(s: EvmSession): Promise<Map<string, Look>> {
  const found = new Map<string, Look>()
  for (const preset of PRESETS)
    for (const mode of MODES) {
      await s.page.evaluate((t) => window.WalletKit?.init().setTheme(t), { preset, mode })
      await waitFrames(s.page)
      const { low, measured } = await lowContrastTexts(s.page)
      await s.page.mouse.move(0, 0)
      const picture = await s.modal.card.screenshot({ animations: 'disabled', caret: 'hide' })
      found.set(`${preset}:${mode}`, { low, measured, picture })
    }
  return found
}

const waitFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  )

/** Every text at WCAG AA in every preset and mode, and each preset's own look on the view. */
function check(view: GalleryView, found: Map<string, Look>) {
  for (const [key, look] of found) {
    expect(look.low, `${view.id} ${key}: texts below AA`).toEqual([])
    expect(look.measured, `${view.id} ${key}: texts measured`).toBeGreaterThan(0)
  }
  for (const mode of MODES) {
    const base = decodePng((found.get(`default:${mode}`) as Look).picture)
    for (const preset of PRESETS.slice(1)) {
      const own = decodePng((found.get(`${preset}:${mode}`) as Look).picture)
      const diff = diffPixels(own, base, 2)
      // A preset that changes the radius changes the size of nothing: same size, other pixels.
      expect(diff.ratio, `${view.id}: ${preset} looks like default in ${mode}`).toBeGreaterThan(
        SAME,
      )
    }
  }
}

/** A page of the tour: the session's page on the stack, with the wallet's uuid. */
const tour = (s: EvmSession) => ({
  page: s.page,
  stack: e2e.stack,
  uuid: s.info.uuid,
  shot: async () => {},
})

async function open(s: EvmSession) {
  await s.open({
    networks: swapNetworks(e2e.stack),
    features: { analytics: false, smartSessions: true },
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
  })
}

test('default: every text of every view a visitor sees before connecting meets AA in every preset and mode', async () => {
  const s = await e2e.newSession()
  await open(s)
  for (const view of DISCONNECTED) {
    if (view.fault) {
      view.fault(e2e.stack)
      await open(s)
    }
    await view.show(tour(s))
    check(view, await looks(s))
  }
}, 300_000)

test('default: every text of every view of a connected visitor meets AA in every preset and mode', async () => {
  const s = await e2e.newSession()
  await open(s)
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).click()
  await s.modal.waitForClosed()
  for (const view of CONNECTED) {
    if (view.fault) {
      view.fault(e2e.stack)
      await s.reload({
        networks: swapNetworks(e2e.stack),
        features: { analytics: false, smartSessions: true },
      })
      await s.page.waitForFunction(() => window.WalletKit?.init().getState().status === 'connected')
    }
    await view.show(tour(s))
    check(view, await looks(s))
  }
}, 600_000)
