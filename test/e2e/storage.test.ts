import { expect, test } from 'vitest'
import { connectNames, PAGE_SIZE, walletsFor } from './support/catalog'
import { type SessionOptions, setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { breakStorage, type StorageFault, seedStorage } from './support/recorders'
import { expectView, expectWalletCount, expectWalletNames } from './support/validators'

const e2e = setupE2E()

/** Where the kit keeps the recent wallets (SECURITY.md row 26 names it). */
const RECENT_KEY = 'walletkit:recentWallets'

/** The blank page with an instance under `setup`; Connect open. */
async function openWith(setup: NonNullable<SessionOptions['setup']>) {
  const { page } = await e2e.newSession({ setup })
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.gotoBlank()
  await modal.openViaApi()
  return { page, host, modal }
}

/** Connect lists the catalogue's wallets, All Wallets pages, and a wallet opens. */
async function expectUsable(modal: ModalPage, names = connectNames()): Promise<void> {
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, names)
  await modal.goToAllWallets()
  await expectWalletCount(modal, PAGE_SIZE)
  const [first] = walletsFor()
  await modal.wallet(first?.id ?? '').click()
  await expectView(modal, 'connecting', first?.name)
}

test('default', async () => {
  const { page, modal } = await openWith((context) => breakStorage(context, 'SecurityError'))
  // The fault is in place: the page itself cannot use storage.
  expect(
    await page.evaluate(() => {
      try {
        localStorage.getItem('x')
        return 'readable'
      } catch (error) {
        return (error as DOMException).name
      }
    }),
  ).toBe('SecurityError')
  await expectUsable(modal)
})

test.for(['QuotaExceededError', 'inaccessible'] satisfies StorageFault[])(
  'behavior: storage failing with %s leaves the modal usable',
  async (fault) => {
    const { modal } = await openWith((context) => breakStorage(context, fault))
    await expectUsable(modal)
  },
)

test('behavior: a stored recent wallet is listed first (the key is read)', async () => {
  // The control for the corrupt-data cases below: a well-formed entry under the same key shows.
  const recent = walletsFor()[10]
  if (!recent) throw new Error('fixture too small')
  const { modal } = await openWith((context) =>
    seedStorage(context, { [RECENT_KEY]: JSON.stringify([recent]) }),
  )
  await expectWalletNames(modal, connectNames([recent]))
  expect(await modal.wallet(recent.id).locator('.wk-tag').textContent()).toBe('Recent')
})

test('error: corrupt or foreign data under the recent-wallets key is ignored', async () => {
  const { page, host, modal } = await openWith(async () => undefined)
  const payloads = {
    'corrupt JSON': '{"id": "abc", oops',
    'the wrong shape': JSON.stringify([{ id: 42, name: null }, 'x']),
    'a JSON string': JSON.stringify('recent'),
    'a prototype key': '{"__proto__": {"polluted": true}}',
  }
  for (const [label, stored] of Object.entries(payloads)) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      RECENT_KEY,
      stored,
    ] as const)
    await page.reload()
    await host.init(host.options())
    await modal.openViaApi()
    try {
      await expectUsable(modal)
    } catch (error) {
      throw new Error(`with ${label} stored: ${(error as Error).message}`)
    }
    // JSON.parse('{"__proto__": …}') makes an own key: nothing reached Object.prototype.
    expect(await page.evaluate(() => 'polluted' in {})).toBe(false)
  }
})
