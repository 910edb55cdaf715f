import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from './support/fixture'

const e2e = setupWalletConnectE2E()

/** Loads the blank host page (it holds a `<walletkit-button>`), opens Connect and picks WalletConnect. */
async function openQr(session: WcSession) {
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
}

async function eventsOf(session: WcSession, type: string) {
  return (await session.host.events()).filter((e) => e.type === type)
}

/** The `<walletkit-button>`'s text. */
function buttonText(session: WcSession) {
  return session.modal.connectButton.textContent()
}

test('default', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await openQr(session)
  const first = await session.wc.read()
  await poll(() => buttonText(session)).toBe('Connecting…')
  expect(await session.host.state()).toMatchObject({ status: 'connecting' })

  // The visitor goes back without scanning: the button and the state are as before the attempt.
  await session.modal.backButton.click()
  await session.modal.view('connect').waitFor()
  await poll(() => buttonText(session)).toBe('Connect Wallet')
  expect(await session.host.state()).toMatchObject({
    open: true,
    view: 'Connect',
    status: 'disconnected',
    address: null,
    connector: null,
  })

  // The abandoned QR code is approved late: the page does not take the session and ends it.
  const approved = wallet.approve()
  await wallet.pair(first.uri)
  await approved
  await poll(() => wallet.sessions().length, 'the page ended the late session').toBe(0)
  expect(await eventsOf(session, 'connected')).toEqual([])
  expect(await session.host.state()).toMatchObject({ status: 'disconnected', address: null })
  expect(await buttonText(session)).toBe('Connect Wallet')

  // Coming back starts a fresh pairing, which connects as usual.
  await session.wc.entry.click()
  const second = await session.wc.read()
  expect(second.uri).not.toBe(first.uri)
  await poll(() => buttonText(session)).toBe('Connecting…')
  const again = wallet.approve()
  await wallet.pair(second.uri)
  await again
  await poll(() => eventsOf(session, 'connected').then((list) => list.length)).toBe(1)
  await session.modal.waitForClosed()
  expect(await session.host.state()).toMatchObject({ status: 'connected', address: wallet.address })
  await poll(() => buttonText(session)).not.toMatch(/Connect/)
  expect(wallet.sessions()).toHaveLength(1)
})

test('behavior: closing the modal on the QR code resets the button; a late approval does not connect', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await openQr(session)
  const { uri } = await session.wc.read()
  await poll(() => buttonText(session)).toBe('Connecting…')

  await session.modal.closeButton.click()
  await session.modal.waitForClosed()
  await poll(() => buttonText(session)).toBe('Connect Wallet')
  expect(await session.host.state()).toMatchObject({ open: false, status: 'disconnected' })

  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved
  await poll(() => wallet.sessions().length, 'the page ended the late session').toBe(0)
  expect(await eventsOf(session, 'connected')).toEqual([])
  expect(await session.host.state()).toMatchObject({ open: false, status: 'disconnected' })
  expect(await buttonText(session)).toBe('Connect Wallet')
})

test('behavior: the basic view opened again after a close shows a new QR code that pairs', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi({ view: 'ConnectingWalletConnectBasic' })
  const first = await session.wc.read()
  await poll(() => buttonText(session)).toBe('Connecting…')

  await session.page.evaluate(() => window.WalletKit?.init().close())
  await session.modal.waitForClosed()
  await poll(() => buttonText(session)).toBe('Connect Wallet')

  await session.modal.openViaApi({ view: 'ConnectingWalletConnectBasic' })
  const second = await session.wc.readNew(first.uri)
  await poll(() => buttonText(session)).toBe('Connecting…')
  const approved = wallet.approve()
  await wallet.pair(second.uri)
  await approved
  await poll(() => eventsOf(session, 'connected').then((list) => list.length)).toBe(1)
  expect(await session.host.state()).toMatchObject({ status: 'connected', address: wallet.address })
})
