import { afterEach, expect, test, vi } from 'vitest'
import type { SiwxSession } from '../../../../src/core/siwx/types.js'
import type { SiwxOptions } from '../../../../src/core/types/options.js'
import { memoryStorage, settle, setup, stored, testWallet } from './support.js'
import { ALICE, BOB } from './vectors.js'

const kits: ReturnType<typeof setup>['kit'][] = []
const track = <T extends ReturnType<typeof setup>>(s: T) => {
  kits.push(s.kit)
  return s
}
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  vi.useRealTimers()
})

/** Connects, signs in, and returns the setup. */
async function signedIn(parameters: Parameters<typeof setup>[0] = {}) {
  const s = track(setup({ siwx: {}, ...parameters }))
  await s.connect()
  await settle()
  await s.siwx.signIn()
  return s
}

/** A new kit on the same storage and wallet: the wallet reconnects silently. */
async function reload(previous: ReturnType<typeof setup>, siwx: SiwxOptions = {}) {
  previous.kit.destroy()
  previous.wallet.authorize()
  const s = track(setup({ siwx, wallet: previous.wallet, storage: previous.storage }))
  await settle()
  return s
}

test('default', async () => {
  const first = await signedIn()
  const session = first.kit.getState().session
  const s = await reload(first)
  // Reconnected, signed in again from storage: no modal, no prompt, no signedIn event.
  expect(s.kit.getState()).toMatchObject({ status: 'connected', open: false, session })
  expect(s.siwx.status.value).toBe('signedIn')
  expect(s.named('signedIn')).toEqual([])
  expect(s.wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1)
})

test('behavior: a reconnect without a session opens the sign view by itself', async () => {
  const wallet = testWallet()
  wallet.authorize()
  const storage = memoryStorage()
  storage.set('connections', [
    { namespace: 'eip155', connectorId: 'x', name: 'Devnet Wallet', rdns: wallet.info.rdns },
  ])
  const s = track(setup({ siwx: {}, wallet, storage }))
  await settle()
  expect(s.kit.getState()).toMatchObject({
    status: 'connected',
    open: true,
    view: 'SIWXSignMessage',
  })
})

test('behavior: another account asks again; back to the signed one needs no new signature', async () => {
  const s = await signedIn()
  await s.wallet.setAccount(2)
  await settle()
  expect(s.kit.getState()).toMatchObject({ address: BOB.address, session: null, open: true })
  expect(s.kit.router.view.value).toBe('SIWXSignMessage')
  await s.siwx.signIn()
  expect(s.kit.getState().session?.caipAddress).toBe(`eip155:31337:${BOB.address}`)
  await s.wallet.setAccount(1)
  await settle()
  expect(s.kit.getState().session?.caipAddress).toBe(`eip155:31337:${ALICE.address}`)
  expect(s.kit.getState().open).toBe(false)
  expect((stored(s.storage) as SiwxSession[]).map((x) => x.data.accountAddress)).toEqual([
    BOB.address,
    ALICE.address,
  ])
})

test('behavior: another network asks again (a session is per chain)', async () => {
  const s = await signedIn()
  await s.kit.switchNetwork('eip155:31338')
  await settle()
  expect(s.kit.getState()).toMatchObject({ caipNetworkId: 'eip155:31338', session: null })
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  const summary = await s.siwx.signIn()
  expect(summary.caipNetworkId).toBe('eip155:31338')
})

test('behavior: disconnect revokes the session and reports it', async () => {
  const s = await signedIn()
  const session = s.kit.getState().session
  await s.kit.connection.disconnect()
  expect(s.kit.getState().session).toBeNull()
  expect(stored(s.storage)).toEqual([])
  expect(s.named('signedOut')).toEqual([session])
})

test('args: signOutOnDisconnect: false keeps the session for the next connect', async () => {
  const s = await signedIn({ siwx: { signOutOnDisconnect: false } })
  await s.kit.connection.disconnect()
  expect(s.named('signedOut')).toEqual([])
  expect(stored(s.storage)).toHaveLength(1)
  await s.kit.connection.connect(s.connector)
  await settle()
  expect(s.kit.getState().session).not.toBeNull()
})

test('behavior: signOut revokes and reports; the next sign-in asks the wallet again', async () => {
  const s = await signedIn()
  const session = s.kit.getState().session
  await s.siwx.signOut()
  expect(s.kit.getState().session).toBeNull()
  expect(s.named('signedOut')).toEqual([session])
  expect(stored(s.storage)).toEqual([])
  expect(s.siwx.status.value).toBe('skipped')
  await s.siwx.signIn()
  expect(s.wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(2)
})

test('behavior: the session ends when it expires, and the visitor is asked again', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: Date.UTC(2030, 0, 1) })
  const s = track(setup({ siwx: { expirationSeconds: 60 } }))
  await s.connect()
  await vi.advanceTimersByTimeAsync(0)
  await s.siwx.signIn()
  const session = s.kit.getState().session
  expect(session?.expiresAt).toBe('2030-01-01T00:01:00.000Z')
  await vi.advanceTimersByTimeAsync(59_999)
  expect(s.kit.getState().session).toEqual(session)
  await vi.advanceTimersByTimeAsync(1)
  expect(s.kit.getState().session).toBeNull()
  expect(s.named('signedOut')).toEqual([session])
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  expect(stored(s.storage)).toEqual([])
})

test('behavior: the site hooks replace the defaults', async () => {
  const sessions: SiwxSession[] = []
  const hooks = {
    getNonce: vi.fn(async () => 'serverNonce12345'),
    verify: vi.fn(async () => true),
    addSession: vi.fn(async (x: SiwxSession) => void sessions.unshift(x)),
    getSessions: vi.fn(async () => sessions),
    revokeSession: vi.fn(async () => void sessions.splice(0)),
  }
  const s = await signedIn({ siwx: hooks })
  const session = s.siwx.session.value
  expect(hooks.getNonce).toHaveBeenCalledWith({
    address: ALICE.address,
    caipNetworkId: 'eip155:31337',
  })
  expect(session?.data.nonce).toBe('serverNonce12345')
  expect(hooks.verify).toHaveBeenCalledWith(session)
  expect(hooks.addSession).toHaveBeenCalledWith(session)
  expect(hooks.getSessions).toHaveBeenCalledWith('eip155:31337', ALICE.address)
  // Nothing in the browser's storage.
  expect(stored(s.storage)).toBeUndefined()
  // A reload reads the site's sessions (verified in the browser, not by the verify hook again).
  const again = await reload(s, hooks)
  expect(again.kit.getState().session).not.toBeNull()
  expect(hooks.verify).toHaveBeenCalledTimes(1)
  await again.kit.connection.disconnect()
  expect(hooks.revokeSession).toHaveBeenCalledWith('eip155:31337', ALICE.address)
})

test('error: the verify hook refuses, or fails', async () => {
  const verify = vi.fn(async () => false)
  const s = track(setup({ siwx: { verify } }))
  await s.connect()
  await settle()
  await expect(s.siwx.signIn()).rejects.toMatchObject({ reason: 'rejected-by-verifier' })
  verify.mockRejectedValueOnce(new Error('HTTP status code: 500'))
  await expect(s.siwx.signIn()).rejects.toMatchObject({ reason: 'rejected-by-verifier' })
  expect(s.kit.getState().session).toBeNull()
  expect(stored(s.storage)).toBeUndefined()
})

test('behavior: a failing getSessions hook counts as no session', async () => {
  const s = track(
    setup({
      siwx: {
        getSessions: async () => {
          throw new Error('down')
        },
        addSession: async () => {},
        revokeSession: async () => {},
      },
    }),
  )
  await s.connect()
  await settle()
  expect(s.siwx.status.value).toBe('needed')
})

test('behavior: signIn() while a stored session is being checked waits for it', async () => {
  const first = await signedIn()
  first.kit.destroy()
  const s = track(setup({ siwx: {}, wallet: first.wallet, storage: first.storage }))
  await s.kit.connection.connect(s.connector)
  expect(s.siwx.status.value).toBe('checking')
  const summary = await s.siwx.signIn()
  expect(summary.caipAddress).toBe(`eip155:31337:${ALICE.address}`)
  expect(s.wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1)
})
