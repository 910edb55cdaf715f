import { randomBytes, randomInt } from 'node:crypto'
import type { AuthAccountType, LoginMethod } from '../../../src/core/types/auth.js'
import type { EmbeddedAccounts, EmbeddedWallets } from './wallets.js'

/** A visitor of the login wallet. */
export type LoginUser = {
  /** `email:alice@example.com`, `google:alice`, `farcaster:alice`, … */
  id: string
  method: LoginMethod
  email?: string
  username?: string
  accounts: EmbeddedAccounts
  preferred: AuthAccountType
  /** Device ids (one per browser profile of the frame's origin) this visitor approved. */
  devices: Set<string>
}

/** One email in the local mailbox. */
export type Mail = {
  to: string
  subject: string
  /** The one-time code, for a login email. */
  code?: string
  /** The approval link, for a new device. */
  link?: string
  /** Milliseconds since the epoch. */
  at: number
}

/** A Farcaster sign-in request the visitor approves on the approval page. */
export type FarcasterChannel = {
  id: string
  /** The host origin that asked (shown on the approval page). */
  host: string
  status: 'pending' | 'approved' | 'cancelled'
  username?: string
}

/** Lifetime of a one-time code. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000
/** The server's own resend wait per address and device (the kit refuses earlier; this is the backstop). */
export const RESEND_WAIT_MS = 30 * 1000

export const token = (bytes = 24) => randomBytes(bytes).toString('hex')

/** Users, sessions, codes, the mailbox and the Farcaster channels of the login-frame stand-in. */
export function createLoginStore(wallets: EmbeddedWallets) {
  const users = new Map<string, LoginUser>()
  const creating = new Map<string, Promise<LoginUser>>()
  const sessions = new Map<string, string>()
  const codes = new Map<string, { code: string; expiresAt: number }>()
  const lastSent = new Map<string, number>()
  const deviceLinks = new Map<string, { email: string; device: string }>()
  const socialStates = new Map<string, { provider: LoginMethod; host: string }>()
  const socialCodes = new Map<string, { provider: LoginMethod; handle: string }>()
  const channels = new Map<string, FarcasterChannel>()
  const mailbox: Mail[] = []

  /** The user with `id`, created (key, smart account, ether) on first sign-in. */
  function ensureUser(id: string, profile: Pick<LoginUser, 'method' | 'email' | 'username'>) {
    const known = users.get(id)
    if (known) return Promise.resolve(known)
    let pending = creating.get(id)
    if (!pending) {
      pending = wallets.create().then((accounts) => {
        const user: LoginUser = {
          id,
          ...profile,
          accounts,
          preferred: 'smartAccount',
          devices: new Set(),
        }
        users.set(id, user)
        return user
      })
      creating.set(id, pending)
      pending.finally(() => creating.delete(id)).catch(() => undefined)
    }
    return pending
  }

  function open(user: LoginUser, device: string) {
    user.devices.add(device)
    const session = token()
    sessions.set(session, user.id)
    return session
  }

  return {
    users,
    mailbox,
    channels,
    deviceLinks,
    socialStates,
    socialCodes,
    ensureUser,
    open,
    /** The user of a session token. */
    session: (value: unknown) =>
      typeof value === 'string' ? users.get(sessions.get(value) ?? '') : undefined,
    close: (value: string) => sessions.delete(value),
    /** Seconds until `email` may get another code on `device` (0: now). */
    waitFor(email: string, device: string, now: number): number {
      const last = lastSent.get(`${email} ${device}`)
      return last === undefined ? 0 : Math.max(0, Math.ceil((last + RESEND_WAIT_MS - now) / 1000))
    },
    /** A new code for `email`, delivered to the mailbox. */
    sendCode(email: string, device: string, now: number) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      codes.set(email, { code, expiresAt: now + CODE_LIFETIME_MS })
      lastSent.set(`${email} ${device}`, now)
      mailbox.unshift({ to: email, subject: 'Your login code', code, at: now })
    },
    /** Asks the visitor to approve a new device from their mailbox. */
    sendDeviceLink(email: string, device: string, link: (value: string) => string, now: number) {
      const value = token(16)
      deviceLinks.set(value, { email, device })
      lastSent.set(`${email} ${device}`, now)
      mailbox.unshift({ to: email, subject: 'Approve a new device', link: link(value), at: now })
    },
    checkCode(email: string, code: string, now: number): 'ok' | 'INVALID_OTP' | 'EXPIRED_OTP' {
      const sent = codes.get(email)
      if (!sent || sent.code !== code) return 'INVALID_OTP'
      if (sent.expiresAt <= now) return 'EXPIRED_OTP'
      codes.delete(email)
      return 'ok'
    },
    /** Makes the code sent to `email` expire (tests). */
    expireCode(email: string) {
      const sent = codes.get(email)
      if (sent) sent.expiresAt = 0
    },
    reset() {
      mailbox.length = 0
      lastSent.clear()
      codes.clear()
    },
  }
}

/** The store of a login-frame stand-in. */
export type LoginStore = ReturnType<typeof createLoginStore>
