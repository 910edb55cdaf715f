import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { SOLANA_WALLET, solanaWalletPageScript } from '../stack/solana/index'
import { walletStandardId } from './solana/support/solana-page'
import { setupE2E } from './support/fixture'
import { DEMO_NETWORKS, HostPage } from './support/host-page'
import { recordCoverage } from './support/module-runs'

const e2e = setupE2E()

/**
 * The code of each feature, which should not run while a page loads (docs/architecture.md, "Short
 * tasks while a page loads"): neither its module's evaluation nor any of its functions.
 */
const FEATURES: Record<string, RegExp> = {
  swap: /^src\/(core\/swap\/|services\/swap\.ts|ui\/views\/(Swap|SwapPreview|SwapDetails|ApproveTransaction)\.tsx|ui\/components\/Token(AmountField|Selector)\.tsx)/,
  'on-ramp': /^src\/(core\/onramp\/|services\/onramp\.ts|ui\/views\/(OnRamp\.tsx|onramp\/))/,
  // VirtualList is not among them: All Wallets' grid uses it too.
  activity:
    /^src\/(core\/history\/|services\/history\.ts|ui\/views\/(Transactions|TransactionRow)\.tsx)/,
  names: /^src\/(core\/names\/(?!label\.ts)|services\/names\.ts|ui\/views\/RegisterName\.tsx)/,
  'smart sessions': /^src\/(core\/sessions\/|services\/sessions\.ts|ui\/views\/SmartSessions\.tsx)/,
  'send and receive': /^src\/(core\/send\/|ui\/views\/(Send|SendReview|Receive)\.tsx)/,
  SIWX: /^src\/(core\/siwx\/|ui\/views\/SIWXSignMessage\.tsx)/,
  'the QR encoder': /^src\/ui\/components\/(qr-encode\.ts|QrCode\.tsx)/,
  Solana:
    /^(src\/(chains\/solana\/|connectors\/solana-standard\/(connector|provider)\.ts)|npm:@solana\/)/,
  'WalletConnect client': /^npm:@walletconnect\//,
  "the login frame's connector":
    /^src\/(connectors\/auth\/|core\/auth\/|embed\/frame-host\.ts|ui\/views\/(EmailVerify|ConnectingSocial|ConnectingFarcaster|AuthAccount)\.tsx)/,
}

/** Each feature with the files of it that ran. */
function featuresIn(files: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [feature, pattern] of Object.entries(FEATURES)) {
    const ran = [...files].filter((file) => pattern.test(file)).sort()
    if (ran.length) out[feature] = ran
  }
  return out
}

/**
 * A page that loads the kit with every feature, a Wallet Standard wallet installed (nothing of it
 * is called unless it is used) and idle callbacks held (`releaseIdle` runs them), until the closed
 * dialog's first render (it holds Connect, with the Solana wallet and the login entries).
 */
async function loadedPage() {
  const { page, context } = await e2e.newSession({
    setup: async (c) => {
      await c.addInitScript(
        solanaWalletPageScript({
          info: SOLANA_WALLET,
          binding: '__startupSolanaBridge',
          globalName: '__startupSolana',
          omitFeatures: [],
        }),
      )
      await c.addInitScript(() => {
        const held: IdleRequestCallback[] = []
        Object.assign(window, {
          __heldIdle: held,
          requestIdleCallback: (callback: IdleRequestCallback) => held.push(callback),
          cancelIdleCallback: () => {},
        })
      })
    },
  })
  const coverage = await recordCoverage(context, page)
  const host = new HostPage(page, e2e.stack)
  await host.gotoBlank({ init: false })
  await host.init(
    host.options({
      networks: [...DEMO_NETWORKS],
      siwx: {},
      features: { analytics: false, smartSessions: true },
    }),
  )
  await host.waitForReady()
  // The closed dialog's first render (it holds Connect) follows ready in a task of its own.
  let ran = await coverage.ranFiles()
  for (let i = 0; i < 50 && !ran.has('src/ui/views/Connect.tsx'); i++) {
    await page.evaluate(() => new Promise((done) => setTimeout(done, 20)))
    ran = await coverage.ranFiles()
  }
  const releaseIdle = () =>
    page.evaluate(() => {
      // The warm-up queues its next step from each step: run until none is left.
      const held = (window as unknown as { __heldIdle: IdleRequestCallback[] }).__heldIdle
      for (let round = 0; round < 100 && held.length; round++)
        for (const callback of held.splice(0))
          callback({ didTimeout: false, timeRemaining: () => 50 })
    })
  return { page, coverage, ran, releaseIdle }
}

/**
 * The visitor's sign: a page's own opener (any element with `data-walletkit-open`), pointed at.
 * The warm-up starts.
 */
async function pointAtOpener(page: Page) {
  await page.evaluate(() => {
    const opener = document.createElement('button')
    opener.setAttribute('data-walletkit-open', '')
    opener.textContent = 'Connect'
    document.body.append(opener)
  })
  await page.hover('[data-walletkit-open]')
}

test('rule: no feature module runs while the page loads, every feature configured', async () => {
  // Idle callbacks are held, so "at load" is the same moment on a fast and a slow run: the
  // tasks up to walletkit:ready and the first render of the closed dialog, none of the idle work.
  const { page, ran } = await loadedPage()
  expect(ran).toContain('src/ui/views/Connect.tsx')
  // The first frame lists the Solana wallet and offers the login, without their modules.
  const wallet = `[data-testid="wk-wallet"][data-wallet-id="${walletStandardId(SOLANA_WALLET.name)}"]`
  await expect(page.locator(wallet).count()).resolves.toBe(1)
  await expect(page.locator('[data-testid="wk-auth-email"]').count()).resolves.toBe(1)
  await expect(page.locator('[data-testid="wk-social-google"]').count()).resolves.toBe(1)
  expect(featuresIn(ran)).toEqual({})
})

test("behavior: idle time evaluates no feature and no login or Solana code until the visitor's sign; a pointer over an opener is one", async () => {
  const { page, coverage, releaseIdle } = await loadedPage()
  await releaseIdle()
  const idle = await coverage.ranFiles()
  expect(featuresIn(idle)).toEqual({})
  expect(idle).not.toContain('src/connectors/auth/connector.ts')
  expect(idle).not.toContain('src/connectors/solana-standard/connector.ts')
  await pointAtOpener(page)
  await releaseIdle()
  const ran = await coverage.ranFiles()
  for (const file of [
    'src/connectors/solana-standard/connector.ts',
    'src/connectors/solana-standard/provider.ts',
    'src/chains/solana/adapter.ts',
    'src/connectors/auth/connector.ts',
    'src/embed/frame-host.ts',
    'src/core/auth/controller.ts',
    'src/core/swap/controller.ts',
    'src/ui/views/Swap.tsx',
  ])
    expect(ran, file).toContain(file)
})

test("behavior: after the visitor's sign, the first open runs little of React DOM that idle time had not run (its update paths run while closed)", async () => {
  const { page, coverage, releaseIdle } = await loadedPage()
  await releaseIdle()
  await pointAtOpener(page)
  await releaseIdle()
  await page.evaluate(() => new Promise((done) => setTimeout(done, 300)))
  const before = await coverage.ranFunctions()
  await page.evaluate(
    () =>
      new Promise((done) => {
        window.WalletKit?.init().open()
        requestAnimationFrame(() => done(undefined))
      }),
  )
  const during = await coverage.ranFunctions()
  const firstRun = [...during]
    .filter(([start, fn]) => !before.has(start) && fn.file.includes('react-dom'))
    .reduce((bytes, [, fn]) => bytes + fn.bytes, 0)
  // Before any sign the closed dialog has only been mounted, and the open, React's first update on
  // the page, runs about 57 000 B of React DOM for the first time (compiled in its frame); after
  // the warm-up about 2 900 B.
  expect(firstRun).toBeLessThan(6000)
})
