// `npm run gallery`: a screenshot of every view of the modal, in each language, mode and size
// asked for, on the local stack (the demo's: chains, history and smart sessions), and an HTML page
// of them in gallery/ (git-ignored). Run after `npm run build`: it shows cdn-dist/walletkit.js.
//
//   tsx scripts/gallery.ts [--locales en,ar,ja] [--modes dark,light] [--sizes desktop,phone]
//                          [--presets default] [--views connect,swap,…]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { guardNetwork, launchBrowser } from '../test/e2e/support/browser'
import { HostPage, PAGES } from '../test/e2e/support/host-page'
import { recordEvents } from '../test/e2e/support/recorders'
import {
  CONNECTED,
  DISCONNECTED,
  type GalleryPage,
  type GalleryView,
} from '../test/e2e/support/tour'
import { swapNetworks } from '../test/e2e/swap/support/fixture'
import { type Stack, startStack } from '../test/stack/index'
import { createTestWallet, installTestWallet } from '../test/stack/wallet/index'

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const
type Size = keyof typeof SIZES

/** The values of `--name a,b`, or `all`. */
function arg<T extends string>(name: string, all: readonly T[]): T[] {
  const at = process.argv.indexOf(`--${name}`)
  if (at < 0) return [...all]
  const asked = (process.argv[at + 1] ?? '').split(',') as T[]
  const unknown = asked.filter((a) => !all.includes(a))
  if (unknown.length) throw new Error(`--${name}: unknown ${unknown.join(', ')}`)
  return asked
}

const VIEWS = [...DISCONNECTED, ...CONNECTED]
const locales = arg('locales', ['en', 'ar', 'ja'] as const)
const modes = arg('modes', ['dark', 'light'] as const)
const sizes = arg('sizes', ['desktop', 'phone'] as Size[])
const presets = arg('presets', ['default', 'contrast', 'minimal', 'rounded'] as const).filter(
  (p) => process.argv.includes('--presets') || p === 'default',
)
const only = arg(
  'views',
  VIEWS.map((v) => v.id),
)
const OUT = join(process.cwd(), 'gallery')

type Shot = { file: string; end: string | undefined; view: GalleryView; column: string }

/** Every view asked for, in one language, mode, size and preset. */
async function run(
  browser: Browser,
  stack: Stack,
  combo: { locale: string; mode: string; size: Size; preset: string },
): Promise<Shot[]> {
  const column = `${combo.locale}-${combo.mode}-${combo.size}-${combo.preset}`
  mkdirSync(join(OUT, column), { recursive: true })
  const context = await browser.newContext({
    viewport: SIZES[combo.size],
    ...(combo.size === 'phone' && { isMobile: true, hasTouch: true, deviceScaleFactor: 1 }),
    colorScheme: combo.mode as 'dark' | 'light',
  })
  await guardNetwork(context, [])
  await recordEvents(context)
  const wallet = createTestWallet({ chains: stack.chains })
  const { info } = await installTestWallet(context, wallet)
  const page = await context.newPage()
  const host = new HostPage(page, stack)
  let connected = false
  const start = async () => {
    await host.goto(PAGES.blank)
    await host.init(
      host.options({
        // Each network with the stack's swap router, as a site declares its own (no router, no swap).
        networks: swapNetworks(stack),
        locale: combo.locale,
        themeMode: combo.mode,
        themePreset: combo.preset,
        features: { analytics: false, smartSessions: true },
        termsConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      }),
    )
    await host.waitForReady()
    // After a reload the kit reconnects the wallet on its own.
    if (connected)
      await page.waitForFunction(() => window.WalletKit?.init().getState().status === 'connected')
  }
  const shots: Shot[] = []
  const g: GalleryPage = {
    page,
    stack,
    uuid: info.uuid,
    async shot(name) {
      const view = VIEWS.find((v) => v.id === name) as GalleryView
      const card = page.locator('walletkit-modal .wk-card')
      await page.mouse.move(0, 0)
      const take = async (file: string) => {
        const box = combo.size === 'desktop' ? await card.boundingBox() : null
        const pad = 24
        await page.screenshot({
          path: join(OUT, file),
          animations: 'disabled',
          caret: 'hide',
          ...(box && {
            clip: {
              x: Math.max(0, box.x - pad),
              y: Math.max(0, box.y - pad),
              width: box.width + pad * 2,
              height: box.height + pad * 2,
            },
          }),
        })
      }
      const file = join(column, `${name}.png`)
      await take(file)
      // A view taller than the card is also shown scrolled to its end.
      const scrolled = await card.evaluate((el) => {
        const body = el.querySelector<HTMLElement>('.wk-body')
        if (!body || body.scrollHeight <= body.clientHeight + 1) return false
        body.scrollTop = body.scrollHeight
        return true
      })
      const end = scrolled ? join(column, `${name}-end.png`) : undefined
      if (end) await take(end)
      shots.push({ file, end, view, column })
    },
  }
  const show = async (view: GalleryView) => {
    if (!only.includes(view.id)) return
    try {
      if (view.fault) {
        view.fault(stack)
        await start()
      }
      await view.show(g)
      await g.shot(view.id)
    } catch (error) {
      console.error(`${column}/${view.id}: ${(error as Error).message.split('\n')[0]}`)
    } finally {
      if (view.fault) {
        stack.catalog.reset()
        stack.blockchainApi?.reset()
        await start()
      }
    }
  }
  try {
    await start()
    for (const view of DISCONNECTED) await show(view)
    if (CONNECTED.some((v) => only.includes(v.id))) {
      await page.evaluate(() => window.WalletKit?.init().open({ view: 'Connect' }))
      await page.locator(`[data-wallet-id="eip6963:${info.uuid}"]`).click()
      await page.waitForFunction(() => window.WalletKit?.init().getState().status === 'connected')
      connected = true
      for (const view of CONNECTED) await show(view)
    }
  } finally {
    await context.close()
  }
  return shots
}

/** The index page: one row per view, one column per language, mode, size and preset. */
function indexPage(shots: Shot[]): string {
  const columns = [...new Set(shots.map((s) => s.column))]
  const rows = VIEWS.filter((v) => shots.some((s) => s.view === v))
  const cell = (view: GalleryView, column: string) => {
    const shot = shots.find((s) => s.view === view && s.column === column)
    if (!shot) return '<td>—</td>'
    const img = (file: string, what: string) =>
      `<a href="${file}"><img src="${file}" alt="${view.title}, ${column}${what}" loading="lazy"></a>`
    return `<td>${img(shot.file, '')}${shot.end ? img(shot.end, ', scrolled to its end') : ''}</td>`
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>WalletKit gallery</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; background: #888; }
table { border-collapse: collapse; } th, td { padding: 6px; vertical-align: top; text-align: start; }
thead th { position: sticky; top: 0; background: #888; }
img { max-width: 320px; max-height: 560px; display: block; }
</style></head><body>
<h1>WalletKit gallery</h1>
<p>${new Date().toISOString()}: every view, by language, mode, size and preset.</p>
<table><thead><tr><th>View</th>${columns.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>
${rows.map((v) => `<tr><th>${v.title}</th>${columns.map((c) => cell(v, c)).join('')}</tr>`).join('\n')}
</tbody></table></body></html>
`
}

if (!process.argv.includes('--keep')) rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
const stack = await startStack({ chains: true, demo: true })
const browser = await launchBrowser()
const shots: Shot[] = []
try {
  for (const preset of presets)
    for (const locale of locales)
      for (const mode of modes)
        for (const size of sizes) {
          const started = Date.now()
          shots.push(...(await run(browser, stack, { locale, mode, size, preset })))
          console.log(`${locale} ${mode} ${size} ${preset}: ${Date.now() - started} ms`)
        }
} finally {
  await browser.close()
  await stack.stop()
}
writeFileSync(join(OUT, 'index.html'), indexPage(shots))
console.log(`${shots.length} screenshots: ${join(OUT, 'index.html')}`)
