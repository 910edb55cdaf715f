import { expect, test } from 'vitest'
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

/**
 * Feature code that still runs while the page loads. TODO: each is to move behind its first use;
 * the list may only shrink. Any other feature file that runs at load fails the test, and so does
 * a file listed here that no longer runs (then it leaves the list).
 */
const STILL_AT_LOAD: Record<string, string[]> = {
  Solana: [
    'npm:@solana/addresses/dist/index.browser.mjs',
    'npm:@solana/codecs-strings/dist/index.browser.mjs',
    'npm:@solana/errors/dist/index.browser.mjs',
    'npm:@solana/signers/dist/index.browser.mjs',
    'src/chains/solana/adapter.ts',
    'src/chains/solana/transfer.ts',
    'src/chains/solana/writer.ts',
    'src/connectors/solana-standard/connector.ts',
    'src/connectors/solana-standard/provider.ts',
  ],
  "the login frame's connector": [
    'src/connectors/auth/channel.ts',
    'src/connectors/auth/connector.ts',
    'src/connectors/auth/protocol.ts',
    'src/connectors/auth/provider.ts',
    'src/connectors/auth/social.ts',
    'src/core/auth/controller.ts',
    'src/core/auth/email.ts',
    'src/core/auth/social.ts',
    'src/core/auth/steps.ts',
    'src/core/auth/wiring.ts',
    'src/embed/frame-host.ts',
    'src/ui/views/AuthAccount.tsx',
  ],
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

test('rule: no feature module runs while the page loads, every feature configured, beyond the listed rest', async () => {
  // Idle callbacks are held, so "at load" is the same moment on a fast and a slow run: the
  // tasks up to walletkit:ready and the first render of the closed dialog, none of the idle work.
  const { page, context } = await e2e.newSession({
    setup: async (c) => {
      await c.addInitScript(() => {
        const held: IdleRequestCallback[] = []
        Object.assign(window, {
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
  expect(ran).toContain('src/ui/views/Connect.tsx')
  expect(featuresIn(ran)).toEqual(STILL_AT_LOAD)
})
