import type { BrowserContext } from 'playwright-core'
import { expect, test } from 'vitest'
import { XSS_SENTINEL } from '../fixtures/wallets'
import {
  allWalletIds,
  connectNames,
  PAGE_SIZE,
  RECOMMENDED_COUNT,
  walletsFor,
} from './support/catalog'
import { type SessionOptions, setupE2E } from './support/fixture'
import { HostPage, PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import {
  eventTypes,
  expectBlobImages,
  expectPlainDetails,
  expectView,
  expectWalletCount,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()

/**
 * SECURITY.md row 6: enumerable properties on the shared prototypes, set before any script of the
 * page runs. `then` is a string, not a function: a callable `then` on Object.prototype turns every
 * object into a thenable and stops every `await` in the page, the host's own code included.
 */
async function pollute(context: BrowserContext): Promise<void> {
  await context.addInitScript((sentinel: string) => {
    const define = (target: object, key: string, value: unknown) =>
      Object.defineProperty(target, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    define(Object.prototype, 'href', `javascript:window.${sentinel}='href'`)
    define(Object.prototype, 'polluted', 'yes')
    define(Object.prototype, 'then', 'not a function')
    define(Array.prototype, 'extra', function extra() {
      return 'extra'
    })
    define(Array.prototype, 'polluted', 'yes')
  }, XSS_SENTINEL)
}

/**
 * The connect path: open, Connect, All Wallets, a search, a wallet, close. Returns
 * what the stand-in saw, as sorted `path?query` lines without the per-visit image ids.
 */
async function connectPath(options: SessionOptions) {
  e2e.stack.catalog.reset()
  const session = await e2e.newSession(options)
  const { page } = session
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGES.blank)
  // The tag is synchronous: by the load event the bundle ran, or threw.
  expect(session.pageErrors.map((e) => e.message)).toEqual([])
  expect(await page.evaluate(() => Object.keys(window.WalletKit ?? {}))).toEqual([
    'version',
    'init',
  ])
  await host.init(host.options())
  await host.waitForReady()
  await modal.openViaButton()
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, connectNames())
  await expectBlobImages(modal, RECOMMENDED_COUNT)
  await modal.goToAllWallets()
  await expectWalletCount(modal, PAGE_SIZE)
  expect(await modal.listedIds()).toEqual(allWalletIds(1))
  await modal.search('dev')
  await expectWalletNames(modal, ['Devnet Wallet', 'Devnet Mobile'])
  const [first] = walletsFor()
  await modal.wallet(first?.id ?? '').click()
  await expectView(modal, 'connecting', first?.name)
  await modal.pressEscape()
  await modal.waitForClosed()

  const events = await host.events()
  expectPlainDetails(events)
  expect(eventTypes(events)).toEqual(['ready', 'open', 'close'])
  expect(
    await page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], XSS_SENTINEL),
  ).toBeUndefined()
  return [
    ...new Set(
      e2e.stack.catalog.requests
        .filter((r) => !r.path.startsWith('/getWalletImage/'))
        .map((r) => `${r.path}?${new URLSearchParams(Object.entries(r.query).sort())}`),
    ),
  ].sort()
}

test('default', async () => {
  const clean = await connectPath({})
  const polluted = await connectPath({ setup: pollute })
  expect(polluted).toEqual(clean)
  expect(polluted.join('\n')).not.toMatch(/polluted|extra|href/)
})
