import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createAuth } from '../../../../src/core/auth/controller.js'
import { createChainState } from '../../../../src/core/chain-state.js'
import {
  EMAIL_RESEND_WAIT_MS,
  FARCASTER_POLL_MS,
  FARCASTER_RELOAD_DELAY_MS,
} from '../../../../src/core/constants.js'
import {
  AuthInitError,
  EmailRetryAfterError,
  InvalidOtpError,
  SocialPopupClosedError,
  SocialPopupError,
} from '../../../../src/core/errors/auth.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { createRouter } from '../../../../src/core/router.js'
import { createToasts } from '../../../../src/core/toast.js'
import type { AuthPort, SocialPopup } from '../../../../src/core/types/auth.js'
import { memoryStorage } from '../../connectors/support/test-kit.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A controllable popup: the test settles its result. */
function fakePopup() {
  let settle: { resolve(uri: string): void; reject(e: unknown): void } | undefined
  const result = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject }
  })
  result.catch(() => undefined)
  const popup: SocialPopup & { navigated: string[]; closed: boolean } = {
    result,
    navigated: [],
    closed: false,
    navigate: (uri) => void popup.navigated.push(uri),
    close() {
      popup.closed = true
      settle?.reject(new SocialPopupClosedError())
    },
  }
  return { popup, settle: () => settle as NonNullable<typeof settle> }
}

function setup() {
  let connected = false
  const port = {
    type: 'AUTH',
    prepare: vi.fn(),
    connectEmail: vi.fn(
      async (_email: string): Promise<'VERIFY_OTP' | 'VERIFY_DEVICE'> => 'VERIFY_OTP',
    ),
    connectDevice: vi.fn(async (): Promise<void> => undefined),
    connectOtp: vi.fn(async (_otp: string): Promise<void> => undefined),
    openSocialPopup: vi.fn((): SocialPopup => fakePopup().popup),
    getSocialRedirectUri: vi.fn(async (p: string) => `https://login.example/consent/${p}`),
    connectSocial: vi.fn(async () => undefined),
    getFarcasterUri: vi.fn(async () => 'https://login.example/farcaster/approve?channel=1'),
    pollFarcaster: vi.fn(async () => false),
    setPreferredAccountType: vi.fn(async () => '0x2222222222222222222222222222222222222222'),
    reload: vi.fn(),
  }
  const connect = vi.fn(async (_connector: unknown, _options: unknown) => {
    connected = true
  })
  const clock = { now: 1_700_000_000_000 }
  const router = createRouter({
    isConnected: () => connected,
    hasAdapters: () => true,
    isMobile: () => false,
    onLeaveFarcaster: {
      clearUrl: () => controller.onLeaveFarcaster.clearUrl(),
      reloadAuth: () => controller.onLeaveFarcaster.reloadAuth(),
    },
  })
  const chain = createChainState({
    networks: [resolveNetwork('eip155:1')],
    defaultNetwork: resolveNetwork('eip155:1'),
    accountTypes: { eip155: 'smartAccount' },
  })
  const toasts = createToasts()
  const report = vi.fn()
  const storage = memoryStorage()
  const controller = createAuth({
    port: port as unknown as AuthPort,
    router,
    chain,
    toasts,
    storage,
    features: { email: true, socials: ['google', 'farcaster'] },
    defaultAccountType: 'smartAccount',
    connect,
    report,
    now: () => clock.now,
  })
  router.open('Connect')
  return { port, connect, router, chain, toasts, storage, auth: controller, clock, report }
}

test('default', async () => {
  const { auth, port, router, connect } = setup()
  expect(auth.emailEnabled).toBe(true)
  expect(auth.socials).toEqual(['google', 'farcaster'])
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  expect(port.connectEmail).toHaveBeenCalledWith('alice@example.com')
  expect(router.view.value).toBe('EmailVerifyOtp')
  auth.email.setCode('12 34 56')
  // A complete code is checked at once, then the wallet connects and the modal closes.
  await vi.advanceTimersByTimeAsync(0)
  expect(port.connectOtp).toHaveBeenCalledWith('123456')
  expect(connect).toHaveBeenCalledWith(port, { signal: expect.any(AbortSignal) })
  expect(router.isOpen.value).toBe(false)
})

test('args: a malformed address or code is refused before the frame is asked', async () => {
  const { auth, port, router } = setup()
  for (const value of ['', 'alice', 'alice@', '@example.com', 'a b@example.com']) {
    auth.email.setDraft(value)
    await auth.email.submit()
    expect(auth.email.error.value).toBe('invalidEmail')
  }
  expect(port.connectEmail).not.toHaveBeenCalled()
  auth.email.setDraft('alice@example.com')
  expect(auth.email.error.value).toBeUndefined()
  await auth.email.submit()
  expect(router.view.value).toBe('EmailVerifyOtp')
  await auth.email.verify()
  expect(auth.email.error.value).toBe('invalidCode')
  expect(port.connectOtp).not.toHaveBeenCalled()
})

test('behavior: a second code within 30 s is refused with the seconds left, later it is sent', async () => {
  const { auth, port, clock } = setup()
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  expect(auth.email.resendIn.value).toBe(30)
  clock.now += 12_400
  await vi.advanceTimersByTimeAsync(1_000)
  await auth.email.resend()
  const error = auth.email.error.value
  expect(error).toBeInstanceOf(EmailRetryAfterError)
  expect((error as EmailRetryAfterError).shortMessage).toBe('Please try again after 18 seconds')
  expect(port.connectEmail).toHaveBeenCalledTimes(1)
  clock.now += EMAIL_RESEND_WAIT_MS
  await auth.email.resend()
  expect(port.connectEmail).toHaveBeenCalledTimes(2)
  expect(auth.email.error.value).toBeUndefined()
})

test('behavior: a device approval comes first when the frame asks for one', async () => {
  const { auth, port, router } = setup()
  port.connectEmail.mockResolvedValueOnce('VERIFY_DEVICE')
  let approve: () => void = () => {}
  port.connectDevice.mockReturnValueOnce(
    new Promise<void>((resolve) => {
      approve = resolve
    }),
  )
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  expect(router.view.value).toBe('EmailVerifyDevice')
  expect(auth.email.status.value).toBe('busy')
  approve()
  await vi.advanceTimersByTimeAsync(0)
  expect(router.view.value).toBe('EmailVerifyOtp')
  expect(router.history.value).toEqual(['Connect', 'EmailVerifyOtp'])
})

test('error: a wrong code is explained and the visitor stays on the code view', async () => {
  const { auth, port, router, connect, report } = setup()
  port.connectOtp.mockRejectedValueOnce(new InvalidOtpError())
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  auth.email.setCode('000000')
  await vi.advanceTimersByTimeAsync(0)
  expect(auth.email.error.value).toBeInstanceOf(InvalidOtpError)
  expect(report).toHaveBeenCalledWith({
    code: 'INVALID_OTP',
    message: 'This code is not correct. Check the email and try again.',
  })
  expect(router.view.value).toBe('EmailVerifyOtp')
  expect(connect).not.toHaveBeenCalled()
  // Typing again clears it; the failure does not follow the visitor to another view.
  auth.email.setCode('1')
  expect(auth.email.error.value).toBeUndefined()
})

test("error: the frame's silence: the spec's toast, and the failure on Connect", async () => {
  const { auth, port, toasts, router } = setup()
  port.connectEmail.mockRejectedValueOnce(new AuthInitError())
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  expect((auth.email.error.value as AuthInitError).shortMessage).toBe(
    'A problem occurred while trying initialize authentication',
  )
  expect(toasts.current.value?.message).toBe(
    'A problem occurred while trying initialize authentication',
  )
  expect(router.view.value).toBe('Connect')
})

test('behavior: social login opens its popup before any await, then connects', async () => {
  const { auth, port, router, connect, chain } = setup()
  const { popup, settle } = fakePopup()
  port.openSocialPopup.mockReturnValueOnce(popup)
  auth.social.start('google')
  // Synchronously: the popup, the view, the provider recorded (SPEC §3 socialProvider).
  expect(port.openSocialPopup).toHaveBeenCalledTimes(1)
  expect(port.getSocialRedirectUri).toHaveBeenCalledTimes(1)
  expect(router.view.value).toBe('ConnectingSocial')
  expect(chain.accounts.value.eip155?.socialProvider).toBe('google')
  await vi.advanceTimersByTimeAsync(0)
  expect(popup.navigated).toEqual(['https://login.example/consent/google'])
  settle().resolve('https://login.example/social/callback?code=1')
  await vi.advanceTimersByTimeAsync(0)
  expect(port.connectSocial).toHaveBeenCalledWith('https://login.example/social/callback?code=1')
  expect(connect).toHaveBeenCalled()
  expect(popup.closed).toBe(true)
  expect(router.isOpen.value).toBe(false)
})

test('behavior: a closed popup returns to Connect; leaving the view closes the popup', async () => {
  const { auth, port, router } = setup()
  const first = fakePopup()
  port.openSocialPopup.mockReturnValueOnce(first.popup)
  auth.social.start('google')
  await vi.advanceTimersByTimeAsync(0)
  first.settle().reject(new SocialPopupClosedError())
  await vi.advanceTimersByTimeAsync(0)
  expect(router.view.value).toBe('Connect')
  expect(auth.social.error.value).toBeUndefined()

  const second = fakePopup()
  port.openSocialPopup.mockReturnValueOnce(second.popup)
  auth.social.start('google')
  router.goBack()
  expect(second.popup.closed).toBe(true)
  expect(port.connectSocial).not.toHaveBeenCalled()
})

test("error: no popup: the spec's text as a toast, and Connect stays", () => {
  const { auth, port, router, toasts } = setup()
  port.openSocialPopup.mockImplementationOnce(() => {
    throw new SocialPopupError()
  })
  auth.social.start('google')
  expect(router.view.value).toBe('Connect')
  expect(toasts.current.value?.message).toBe('Could not create social popup')
})

test('behavior: Farcaster polls until approved; back clears the URL and reloads after 100 ms', async () => {
  const { auth, port, router, chain, connect } = setup()
  auth.social.start('farcaster')
  expect(router.view.value).toBe('ConnectingFarcaster')
  await vi.advanceTimersByTimeAsync(0)
  const url = 'https://login.example/farcaster/approve?channel=1'
  expect(auth.social.farcasterUrl.value).toBe(url)
  expect(chain.accounts.value.eip155?.farcasterUrl).toBe(url)
  await vi.advanceTimersByTimeAsync(FARCASTER_POLL_MS * 3)
  expect(port.pollFarcaster.mock.calls.length).toBeGreaterThanOrEqual(3)

  router.goBack()
  expect(auth.social.farcasterUrl.value).toBeUndefined()
  expect(chain.accounts.value.eip155?.farcasterUrl).toBeUndefined()
  expect(port.reload).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(FARCASTER_RELOAD_DELAY_MS)
  expect(port.reload).toHaveBeenCalledTimes(1)
  // Polling stopped with the view.
  const polls = port.pollFarcaster.mock.calls.length
  await vi.advanceTimersByTimeAsync(FARCASTER_POLL_MS * 3)
  expect(port.pollFarcaster.mock.calls.length).toBe(polls)

  port.pollFarcaster.mockResolvedValue(true)
  auth.social.start('farcaster')
  await vi.advanceTimersByTimeAsync(0)
  expect(connect).toHaveBeenCalledTimes(1)
})

test('error: a Farcaster link that is not https (http only on loopback) is refused, never shown', async () => {
  for (const url of [
    'http://login.example/farcaster/approve?channel=1',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://user:pw@login.example/approve',
    'farcaster://approve',
  ]) {
    const { auth, port } = setup()
    port.getFarcasterUri.mockResolvedValue(url)
    auth.social.start('farcaster')
    await vi.advanceTimersByTimeAsync(0)
    expect(auth.social.farcasterUrl.value, url).toBeUndefined()
    expect(auth.social.status.value, url).toBe('failed')
    expect(auth.social.error.value?.shortMessage).toBe(
      'The sign-in could not be completed. Try again.',
    )
    expect(port.pollFarcaster).not.toHaveBeenCalled()
  }
  const { auth, port } = setup()
  port.getFarcasterUri.mockResolvedValue('http://127.0.0.1:9/farcaster/approve')
  auth.social.start('farcaster')
  await vi.advanceTimersByTimeAsync(0)
  expect(auth.social.farcasterUrl.value).toBe('http://127.0.0.1:9/farcaster/approve')
})

test("behavior: the account type: the site default, then the visitor's last choice", async () => {
  const { auth, port, storage } = setup()
  expect(auth.preferredAccountType()).toBe('smartAccount')
  await auth.switchAccountType('eoa')
  expect(port.setPreferredAccountType).toHaveBeenCalledWith('eoa')
  expect(auth.preferredAccountType()).toBe('eoa')
  expect(storage.raw.get('walletkit:auth:accountType')).toBe('"eoa"')
})
