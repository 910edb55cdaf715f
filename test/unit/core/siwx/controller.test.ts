import { afterEach, expect, test } from 'vitest'
import { SignatureDeclinedError, SiwxNotConnectedError } from '../../../../src/core/siwx/errors.js'
import { settle, setup, stored } from './support.js'
import { ALICE } from './vectors.js'

const kits: ReturnType<typeof setup>['kit'][] = []
const track = <T extends ReturnType<typeof setup>>(s: T) => {
  kits.push(s.kit)
  return s
}
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

test('default', async () => {
  const s = track(setup({ siwx: {} }))
  expect(s.siwx.status.value).toBe('idle')
  expect(s.kit.getState().session).toBeNull()
  expect(Object.keys(s.siwx)).toMatchInlineSnapshot(`
    [
      "required",
      "status",
      "session",
      "summary",
      "target",
      "canClose",
      "mustSignIn",
      "signIn",
      "signOut",
      "skip",
      "cancel",
      "destroy",
      "confirm",
      "decline",
    ]
  `)
  await s.connect()
  // Right after connecting, the modal shows the sign view; the wallet is not asked yet.
  expect(s.kit.router.view.value).toBe('SIWXSignMessage')
  await settle()
  expect(s.siwx.status.value).toBe('needed')
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage', session: null })
  expect(s.wallet.calls.map((c) => c.method)).not.toContain('personal_sign')
})

test('behavior: signing makes the message, signs it, stores the session and closes', async () => {
  const s = track(setup({ siwx: { statement: 'Welcome to Example Shop.' } }))
  await s.connect()
  await settle()
  const summary = await s.siwx.signIn()
  expect(summary).toEqual({
    caipAddress: `eip155:31337:${ALICE.address}`,
    caipNetworkId: 'eip155:31337',
    expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  })
  expect(s.kit.getState()).toMatchObject({ open: false, session: summary })
  expect(s.named('signedIn')).toEqual([summary])
  // The message: this page's host and origin, Alice, a fresh nonce, a day's validity.
  const session = s.siwx.session.value
  expect(session?.message.split('\n').slice(0, 6)).toEqual([
    'shop.example:8443 wants you to sign in with your Ethereum account:',
    ALICE.address,
    '',
    'Welcome to Example Shop.',
    '',
    'URI: https://shop.example:8443',
  ])
  expect(session?.data.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
  const { issuedAt, expirationTime } = session?.data ?? {}
  expect(Date.parse(expirationTime ?? '') - Date.parse(issuedAt ?? '')).toBe(86_400_000)
  expect(session?.signature).toBe(await ALICE.signMessage({ message: session?.message ?? '' }))
  expect(stored(s.storage)).toEqual([session])
  // Signing in again with a session is a no-op.
  expect(await s.siwx.signIn()).toEqual(summary)
  expect(s.wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1)
})

test('error: 4001 is "Signature declined"; the view stays and nothing is stored', async () => {
  const s = track(setup({ siwx: {} }))
  await s.connect()
  await settle()
  s.wallet.rejectNext('personal_sign', 4001)
  const error = await s.siwx.signIn().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SignatureDeclinedError)
  expect((error as SignatureDeclinedError).shortMessage).toBe('Signature declined')
  expect(s.siwx.status.value).toBe('needed')
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage', session: null })
  expect(stored(s.storage)).toBeUndefined()
  expect(s.named('signedIn')).toEqual([])
  // Trying again works.
  await s.siwx.signIn()
  expect(s.kit.getState().session).not.toBeNull()
})

test('error: signing in without a connected account', async () => {
  const s = track(setup({ siwx: {} }))
  await expect(s.siwx.signIn()).rejects.toBeInstanceOf(SiwxNotConnectedError)
  await expect(s.siwx.signIn()).rejects.toThrowErrorMatchingInlineSnapshot(
    `[SiwxNotConnectedError: Connect a wallet to sign in.]`,
  )
})

test('behavior: required: every way of closing the sign view is refused until signed in', async () => {
  const s = track(setup({ siwx: { required: true } }))
  await s.connect()
  // Refused while checking for a stored session, and once the view asks to sign.
  expect(s.kit.router.close()).toBe(false)
  await settle()
  expect(s.siwx.canClose()).toBe(false)
  expect(s.kit.router.close()).toBe(false)
  expect(s.kit.router.isShaking.value).toBe(true)
  s.kit.close()
  s.kit.router.goBack()
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  // Skipping is not possible either.
  s.siwx.skip()
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  // Opening another view shows the sign view instead.
  await s.kit.open({ view: 'Account' })
  expect(s.kit.router.view.value).toBe('SIWXSignMessage')
  await s.siwx.signIn()
  expect(s.kit.getState().open).toBe(false)
  expect(s.siwx.canClose()).toBe(true)
  await s.kit.open({ view: 'Account' })
  expect(s.kit.router.view.value).toBe('Account')
})

test('behavior: required: cancel disconnects and resets the view to Connect', async () => {
  const s = track(setup({ siwx: { required: true } }))
  await s.connect()
  await settle()
  await s.siwx.cancel()
  expect(s.kit.getState()).toMatchObject({
    open: true,
    view: 'Connect',
    status: 'disconnected',
    session: null,
  })
  expect(s.named('disconnected')).toEqual([{ namespace: 'eip155' }])
  expect(s.siwx.status.value).toBe('idle')
  expect(s.kit.router.close()).toBe(true)
})

test('behavior: optional: skip closes; closing the view is skipping too', async () => {
  const s = track(setup({ siwx: {} }))
  await s.connect()
  await settle()
  expect(s.siwx.canClose()).toBe(true)
  s.siwx.skip()
  expect(s.kit.getState()).toMatchObject({ open: false, status: 'connected', session: null })
  expect(s.siwx.status.value).toBe('skipped')
  // Cancel on an optional sign-in is a skip, not a disconnect.
  await s.kit.open()
  expect(s.kit.router.view.value).toBe('Account')
  const t = setup({ siwx: {} })
  track(t)
  await t.connect()
  await settle()
  t.kit.close()
  expect(t.siwx.status.value).toBe('skipped')
  await t.siwx.cancel()
  expect(t.kit.getState().status).toBe('connected')
})

test('behavior: closing the optional view while it is still checking skips it', async () => {
  const s = track(setup({ siwx: {} }))
  await s.connect()
  expect(s.siwx.status.value).toBe('checking')
  s.kit.close()
  await settle()
  expect(s.siwx.status.value).toBe('skipped')
  expect(s.kit.getState().open).toBe(false)
})

test('behavior: a network the site does not support asks for no sign-in', async () => {
  const s = track(setup({ siwx: { required: true }, networks: ['eip155:31338'] }))
  await s.connect()
  await settle()
  expect(s.kit.router.view.value).toBe('UnsupportedChain')
  expect(s.siwx.status.value).toBe('idle')
  // Switching to a supported network asks.
  await s.kit.switchNetwork('eip155:31338')
  await settle()
  expect(s.kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
})

test('behavior: the legacy ConnectingSiwe view counts as the sign view', async () => {
  const s = track(setup({ siwx: { required: true } }))
  await s.connect()
  await settle()
  s.kit.router.replace('ConnectingSiwe')
  expect(s.kit.router.close()).toBe(false)
  await s.siwx.signIn()
  expect(s.kit.getState().open).toBe(false)
})
