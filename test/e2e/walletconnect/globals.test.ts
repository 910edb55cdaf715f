import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { setupWalletConnectE2E } from './support/fixture'

const e2e = setupWalletConnectE2E()

test('default: a WalletConnect session adds nothing to the host page window but WalletKit', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await session.host.gotoBlank({ init: false })
  // Every own property of window before the kit runs anything (the script tag has defined WalletKit).
  await session.page.evaluate(() => {
    window.__wkTest = { before: Object.getOwnPropertyNames(window) }
  })
  await session.host.init(e2e.options())
  await session.host.waitForReady()
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  const added = await session.page.evaluate(() => {
    const before = new Set(window.__wkTest?.before as string[])
    return Object.getOwnPropertyNames(window).filter((name) => !before.has(name))
  })
  // WalletConnect's published logger would add `downloadLogsBlobInBrowser` here.
  expect(added.filter((name) => name !== '__wkTest')).toEqual([])
})

test('error: a WalletConnect core a page script planted on window is never read', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await session.host.gotoBlank({ init: false })
  await session.page.evaluate(() => {
    const touched: string[] = []
    window.__wkTest = { touched }
    // WalletConnect's client reuses a core found under this name unless sharing is turned off.
    Object.assign(window, {
      _walletConnectCore_walletkit: new Proxy(
        {},
        {
          get(_, key) {
            touched.push(String(key))
            return undefined
          },
        },
      ),
    })
  })
  await session.host.init(e2e.options())
  await session.host.waitForReady()
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  expect(await session.page.evaluate(() => window.__wkTest?.touched)).toEqual([])
})
