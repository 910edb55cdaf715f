import { afterEach, expect, test, vi } from 'vitest'
import { formatSiwxMessage } from '../../../../src/core/siwx/message.js'
import type { SiwxSession } from '../../../../src/core/siwx/types.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'
import { STORAGE_KEY, settle, setup, stored } from './support.js'
import { BOB } from './vectors.js'

/**
 * SECURITY.md row 17: a session edited in storage (expiry, address, corrupt JSON) or whose
 * signature no longer verifies counts as no session after a reload; it is checked again on load.
 */

const kits: ReturnType<typeof setup>['kit'][] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  vi.useRealTimers()
})

/** A sign-in on a first kit; returns its storage, its wallet and the stored session. */
async function signIn() {
  const s = setup({ siwx: {} })
  kits.push(s.kit)
  await s.connect()
  await settle()
  await s.siwx.signIn()
  s.kit.destroy()
  s.wallet.authorize()
  const [session] = stored(s.storage) as SiwxSession[]
  if (!session) throw new Error('no session was stored')
  return { storage: s.storage, wallet: s.wallet, session }
}

/** Writes `value` as the stored sessions (a string is written as is), then reloads. */
async function reloadWith(first: Awaited<ReturnType<typeof signIn>>, value: unknown) {
  first.storage.raw.set(STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value))
  const s = setup({ siwx: {}, wallet: first.wallet, storage: first.storage })
  kits.push(s.kit)
  await settle()
  return s
}

/** The reloaded kit has no session and asks the visitor to sign in. */
function expectNoSession(s: ReturnType<typeof setup>) {
  expect(s.kit.getState()).toMatchObject({ status: 'connected', session: null })
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  expect(s.siwx.status.value).toBe('needed')
}

const later = (iso: string | undefined, ms: number) =>
  new Date(Date.parse(iso ?? '') + ms).toISOString()

test('default', async () => {
  const first = await signIn()
  const s = await reloadWith(first, [first.session])
  expect(s.kit.getState().session?.caipAddress).toBe(
    `${first.session.data.chainId}:${first.session.data.accountAddress}`,
  )
})

test('error: an edited expiry (fields only, or fields and message)', async () => {
  const first = await signIn()
  const data = {
    ...first.session.data,
    expirationTime: later(first.session.data.expirationTime, 9e9),
  }
  expectNoSession(await reloadWith(first, [{ ...first.session, data }]))
  // Dropped from storage on the way.
  expect(stored(first.storage)).toEqual([])
  const rewritten = { ...first.session, data, message: formatSiwxMessage(data) }
  expectNoSession(await reloadWith(first, [rewritten]))
})

test('error: an edited address', async () => {
  const first = await signIn()
  // Moved to Bob: the wallet's account (Alice) has none, and Bob's would not verify either.
  const data = { ...first.session.data, accountAddress: BOB.address }
  expectNoSession(
    await reloadWith(first, [{ ...first.session, data, message: formatSiwxMessage(data) }]),
  )
  await first.wallet.setAccount(2)
  const s = await reloadWith(first, [{ ...first.session, data, message: formatSiwxMessage(data) }])
  expect(s.kit.getState()).toMatchObject({ address: BOB.address, session: null })
})

test('error: corrupt JSON, the wrong shape, or storage that throws', async () => {
  const first = await signIn()
  for (const value of ['{"data":', 'null', '42', JSON.stringify({ 0: first.session })])
    expectNoSession(await reloadWith(first, value))
  expectNoSession(await reloadWith(first, [{ ...first.session, signature: null }]))
  // A broken entry does not hide a good one.
  const s = await reloadWith(first, ['junk', { nope: 1 }, first.session])
  expect(s.kit.getState().session).not.toBeNull()
})

test('error: storage that throws on every call: no persistence, sign-in still works', async () => {
  const first = await signIn()
  const fail = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
  const broken = Object.assign(
    createSafeStorage(
      () => ({ getItem: fail, setItem: fail, removeItem: fail }) as unknown as Storage,
    ),
    { raw: new Map<string, string>() },
  )
  // The reconnect needs the stored connection: connect by hand instead.
  const s = setup({ siwx: {}, wallet: first.wallet, storage: broken })
  kits.push(s.kit)
  await s.connect()
  await settle()
  expectNoSession(s)
  await s.siwx.signIn()
  expect(s.kit.getState().session).not.toBeNull()
})

test('error: a valid-looking session whose signature no longer verifies', async () => {
  const first = await signIn()
  // Bob's genuine signature of Alice's message.
  const signature = await BOB.signMessage({ message: first.session.message })
  expectNoSession(await reloadWith(first, [{ ...first.session, signature }]))
  // A signature with one byte changed.
  const flipped = `${first.session.signature.slice(0, 10)}${first.session.signature[10] === 'a' ? 'b' : 'a'}${first.session.signature.slice(11)}`
  expectNoSession(await reloadWith(first, [{ ...first.session, signature: flipped }]))
})

test('error: a session that expired while the visitor was away', async () => {
  const first = await signIn()
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(first.session.data.expirationTime ?? '') })
  expectNoSession(await reloadWith(first, [first.session]))
})

test('error: a session for another site (domain) stored under this one', async () => {
  const first = await signIn()
  const data = { ...first.session.data, domain: 'other.example', uri: 'https://other.example' }
  expectNoSession(
    await reloadWith(first, [{ ...first.session, data, message: formatSiwxMessage(data) }]),
  )
})
