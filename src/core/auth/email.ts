import { batch, type ReadonlySignal, type Signal, signal } from '@preact/signals-core'
import { EMAIL_RESEND_WAIT_MS, OTP_LENGTH, OTP_LIFETIME_MINUTES } from '../constants.js'
import { EmailRetryAfterError } from '../errors/auth.js'
import type { WalletKitError } from '../errors/base.js'
import { ConnectAbortedError } from '../errors/connection.js'
import type { AuthPort } from '../types/auth.js'
import type { SafeStorage } from '../utils/storage.js'
import type { AuthSteps } from './steps.js'

/** A step's failure: a WalletKit error (its `shortMessage` is shown) or a form check's key. */
export type AuthFailure = WalletKitError | 'invalidEmail' | 'invalidCode'

/** Where an email step stands. */
export type EmailStatus = 'idle' | 'busy' | 'failed'

/**
 * Connect's email field: what it shows before the login's code is evaluated (`core/auth-lazy.ts`
 * makes it with the kit), and what the email steps then update.
 */
export type EmailForm = {
  draft: Signal<string>
  status: Signal<EmailStatus>
  error: Signal<AuthFailure | undefined>
}

const LAST_SENT_KEY = 'auth:lastEmailAt'
// One `@`, something on each side, a dot in the domain, no spaces: the frame checks the rest.
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * The email login steps: the address (Connect), the device approval when the frame asks for one,
 * and the one-time code, with the resend wait of SPEC §8/§9 kept across reloads.
 */
export function createEmailLogin(p: {
  port: AuthPort
  storage: SafeStorage
  steps: AuthSteps
  now: () => number
  /** Connect's field, when the kit made it before (default: a new one). */
  form?: EmailForm | undefined
}) {
  const email = signal('')
  const code = signal('')
  const { draft, status, error } = p.form ?? {
    draft: signal(''),
    status: signal<EmailStatus>('idle'),
    error: signal<AuthFailure | undefined>(undefined),
  }
  const resendIn = signal(0)
  let ticker: ReturnType<typeof setInterval> | undefined

  const lastSent = () => p.storage.get(LAST_SENT_KEY, isTime) ?? 0
  const secondsLeft = () => Math.ceil((lastSent() + EMAIL_RESEND_WAIT_MS - p.now()) / 1000)

  function tick() {
    const left = Math.max(0, secondsLeft())
    resendIn.value = left
    if (left === 0) {
      clearInterval(ticker)
      ticker = undefined
    }
  }

  function fail(reason: unknown) {
    // The visitor left the view while connecting: nothing failed.
    if (reason instanceof ConnectAbortedError) {
      status.value = 'idle'
      return
    }
    batch(() => {
      status.value = 'failed'
      error.value = p.steps.shown(reason, 'EMAIL_FAILED')
    })
  }

  function clearError() {
    batch(() => {
      if (status.peek() === 'failed') status.value = 'idle'
      error.value = undefined
    })
  }

  /**
   * Asks the frame to send a code to `address` (Connect's form, and "resend"). A second request
   * within EMAIL_RESEND_WAIT_MS is refused here with the seconds left, before the frame is asked.
   */
  async function send(address: string): Promise<void> {
    const value = address.trim()
    if (status.peek() === 'busy') return
    if (!EMAIL.test(value) || value.length > 254) {
      batch(() => {
        status.value = 'failed'
        error.value = 'invalidEmail'
      })
      return
    }
    const left = secondsLeft()
    if (left > 0) return fail(new EmailRetryAfterError(left))
    const run = p.steps.begin()
    batch(() => {
      email.value = value
      status.value = 'busy'
      error.value = undefined
    })
    try {
      const action = await p.port.connectEmail(value)
      if (!run.live()) return
      p.storage.set(LAST_SENT_KEY, p.now())
      tick()
      clearInterval(ticker)
      ticker = setInterval(tick, 1000)
      batch(() => {
        code.value = ''
        status.value = 'idle'
      })
      if (action === 'VERIFY_DEVICE') {
        p.steps.show('EmailVerifyDevice')
        void awaitDevice()
      } else p.steps.show('EmailVerifyOtp')
    } catch (reason) {
      if (run.live()) fail(reason)
    }
  }

  /** Waits for the visitor to approve this device from their email, then asks for the code. */
  async function awaitDevice(): Promise<void> {
    const run = p.steps.begin()
    batch(() => {
      status.value = 'busy'
      error.value = undefined
    })
    try {
      await p.port.connectDevice()
      if (!run.live()) return
      status.value = 'idle'
      p.steps.replace('EmailVerifyOtp')
    } catch (reason) {
      if (run.live()) fail(reason)
    }
  }

  /** Checks the code with the frame, then connects the embedded wallet. */
  async function verify(): Promise<void> {
    const otp = code.peek().replace(/\s/g, '')
    if (status.peek() === 'busy') return
    if (otp.length !== OTP_LENGTH || !/^\d+$/.test(otp)) {
      batch(() => {
        status.value = 'failed'
        error.value = 'invalidCode'
      })
      return
    }
    const run = p.steps.begin()
    batch(() => {
      status.value = 'busy'
      error.value = undefined
    })
    try {
      await p.port.connectOtp(otp)
      if (!run.live()) return
      await p.steps.connect(run)
      if (run.live()) status.value = 'idle'
    } catch (reason) {
      if (run.live()) fail(reason)
    }
  }

  return {
    /** The address the code went to. */
    email: email as ReadonlySignal<string>,
    /** The email field as typed. */
    draft: draft as ReadonlySignal<string>,
    /** The code field as typed (its digits). */
    code: code as ReadonlySignal<string>,
    /** Digits of a code, and the minutes it stays valid: what the code view tells the visitor. */
    codeLength: OTP_LENGTH,
    codeMinutes: OTP_LIFETIME_MINUTES,
    setDraft(value: string) {
      draft.value = value
      clearError()
    },
    /** Keeps the digits typed or pasted ('123 456', '123-456'); a complete code is checked at once. */
    setCode(value: string) {
      code.value = value.replace(/\D/g, '').slice(0, OTP_LENGTH)
      clearError()
      if (code.peek().length === OTP_LENGTH) void verify()
    },
    status: status as ReadonlySignal<EmailStatus>,
    error: error as ReadonlySignal<AuthFailure | undefined>,
    /** Seconds until another code may be asked (0: now). */
    resendIn: resendIn as ReadonlySignal<number>,
    /** Sends a code to the address typed on Connect. */
    submit: () => send(draft.peek()),
    /** Sends a new code to the same address. */
    resend: () => send(email.peek()),
    awaitDevice,
    verify,
    /** Another view shows: the last step's outcome does not follow the visitor there. */
    leave() {
      batch(() => {
        status.value = 'idle'
        error.value = undefined
      })
    },
    destroy() {
      clearInterval(ticker)
    },
  }
}
