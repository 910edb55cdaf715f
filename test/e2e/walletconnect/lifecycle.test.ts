import { createServer } from 'node:net'
import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from './support/fixture'

const e2e = setupWalletConnectE2E()

async function openQr(session: WcSession, extra: Record<string, unknown> = {}) {
  await session.host.gotoBlank({ options: e2e.options(extra) })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  await session.page.locator('[data-testid="wk-view-wc"]').waitFor()
}

async function errorCodes(session: WcSession): Promise<string[]> {
  return (await session.host.events())
    .filter((e) => e.type === 'error')
    .map((e) => (e.detail as { code: string }).code)
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

test('default', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet()
  await openQr(session)
  const first = await session.wc.read()
  const rejected = wallet.reject()
  await wallet.pair(first.uri)
  await rejected

  await session.wc.waitForStatus('rejected')
  expect(await session.page.locator('[data-testid="wk-wc-detail"]').textContent()).toBe(
    'The connection was declined in the wallet.',
  )
  await poll(() => errorCodes(session)).toContain('WALLETCONNECT_REJECTED')
  expect(await session.host.state()).toMatchObject({ status: 'disconnected', open: true })

  await session.wc.retry.click()
  const second = await session.wc.read()
  expect(second.uri).not.toBe(first.uri)
  const approved = wallet.approve()
  await wallet.pair(second.uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})

test('behavior: an expired pairing is replaced by a new QR code that pairs', async () => {
  const session = await e2e.newSession({ clock: true })
  const wallet = await e2e.newWallet()
  await openQr(session)
  const first = await session.wc.read()

  // 4 minutes less the 10 s margin: the pairing counts as expired.
  await session.page.clock.fastForward('03:51')
  const second = await session.wc.readNew(first.uri)
  expect(second.uri).not.toBe(first.uri)
  await expect(session.wc.countdown.textContent()).resolves.toMatch(/^New QR code in 3:\d\d$/)

  const approved = wallet.approve()
  await wallet.pair(second.uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})

test('behavior: a QR code left unscanned through every renewal ends in a retry', async () => {
  const session = await e2e.newSession({ clock: true })
  const wallet = await e2e.newWallet()
  await openQr(session)
  let uri = (await session.wc.read()).uri
  for (let i = 0; i < 5; i++) {
    await session.page.clock.fastForward('03:51')
    uri = (await session.wc.readNew(uri)).uri
  }
  await session.page.clock.fastForward('03:51')
  await session.wc.waitForStatus('expired')
  await poll(() => errorCodes(session)).toContain('WALLETCONNECT_EXPIRED')

  await session.wc.retry.click()
  const fresh = await session.wc.read()
  const approved = wallet.approve()
  await wallet.pair(fresh.uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
})

test('error: an unreachable relay ends in a clear message with retry', async () => {
  const session = await e2e.newSession({ clock: true })
  // The client keeps retrying the socket in the background and reports its own failures.
  e2e.allowPageErrors(/publish|socket|relay|WebSocket|connection/i)
  await openQr(session, { relayUrl: `ws://127.0.0.1:${await closedPort()}` })
  await session.wc.waitForStatus('loading')
  await session.page.clock.fastForward('00:16')
  await session.wc.waitForStatus('unreachable')
  expect(await session.page.locator('[data-testid="wk-wc-detail"]').textContent()).toBe(
    'The WalletConnect relay cannot be reached. Check your connection and try again.',
  )
  await poll(() => errorCodes(session)).toContain('WALLETCONNECT_UNREACHABLE')

  await session.wc.retry.click()
  await session.wc.waitForStatus('loading')
  await session.page.clock.fastForward('00:16')
  await session.wc.waitForStatus('unreachable')
})
