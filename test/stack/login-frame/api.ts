import type { FrameError } from '../../../src/connectors/auth/protocol.js'
import type { AuthAccountType, AuthUser, LoginMethod } from '../../../src/core/types/auth.js'
import { WalletRequestError } from '../wallet/errors.js'
import type { LoginStore, LoginUser } from './store.js'
import { token } from './store.js'
import type { EmbeddedWallets } from './wallets.js'

/** Methods the visitor approves in the frame; everything else the frame may read is below. */
const APPROVAL_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']
const READ_METHOD = /^(eth_|net_|web3_)/
const NEVER_READ = /^eth_(sign|sendTransaction|accounts|requestAccounts|coinbase)/
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/
const SOCIAL = ['google', 'x', 'discord', 'github', 'apple', 'facebook']
/** Providers whose account is an email address; the others have a handle. */
const BY_EMAIL = ['google', 'apple', 'facebook']

/** An API answer: a status and its JSON body. */
export type ApiAnswer = { status: number; body: unknown }

const ok = (body: unknown): ApiAnswer => ({ status: 200, body })
const refuse = (status: number, error: FrameError): ApiAnswer => ({ status, body: { error } })

/** The visitor as the frame describes them to the kit. */
export function describe(user: LoginUser, chainId: number): AuthUser {
  const { owner, smartAccount } = user.accounts
  return {
    address: user.preferred === 'smartAccount' ? smartAccount : owner,
    chainId,
    accounts: [
      { address: smartAccount, type: 'smartAccount' },
      { address: owner, type: 'eoa' },
    ],
    preferredAccountType: user.preferred,
    method: user.method,
    ...(user.email && { email: user.email }),
    ...(user.username && { username: user.username }),
  }
}

/** The profile a social account gives: an email for some providers, a handle for the others. */
export function socialProfile(provider: LoginMethod, handle: string) {
  return BY_EMAIL.includes(provider)
    ? { method: provider, email: `${handle}@${provider}.example` }
    : { method: provider, username: `@${handle}` }
}

/**
 * The login frame's server API (`POST /api/<path>`, JSON), called by the frame's own script only:
 * the server refuses any other origin. Signing happens here, with the visitor's key, for requests
 * the frame says the visitor approved.
 */
export function createLoginApi(p: {
  store: LoginStore
  wallets: EmbeddedWallets
  origin: () => string
  now: () => number
}) {
  const { store, wallets } = p
  const signedIn = (body: Record<string, unknown>) => store.session(body.token)
  const notSignedIn = () => refuse(401, { code: 'NOT_AUTHENTICATED', message: 'Sign in first.' })
  const session = async (user: LoginUser, device: string) => ok({ token: store.open(user, device) })

  const routes: Record<string, (body: Record<string, unknown>) => Promise<ApiAnswer>> = {
    async 'email/start'(b) {
      const email = String(b.email ?? '').toLowerCase()
      if (!EMAIL.test(email))
        return refuse(400, { code: 'INVALID_EMAIL', message: 'Not an email.' })
      const device = String(b.device)
      const wait = store.waitFor(email, device, p.now())
      if (wait > 0)
        return refuse(429, {
          code: 'RETRY_AFTER',
          message: `Please try again after ${wait} seconds`,
          retryAfterSeconds: wait,
        })
      const known = store.users.get(`email:${email}`)
      if (known && !known.devices.has(device)) {
        store.sendDeviceLink(
          email,
          device,
          (v) => `${p.origin()}/device/approve?token=${v}`,
          p.now(),
        )
        return ok({ action: 'VERIFY_DEVICE' })
      }
      store.sendCode(email, device, p.now())
      return ok({ action: 'VERIFY_OTP' })
    },
    async 'email/device'(b) {
      const user = store.users.get(`email:${String(b.email).toLowerCase()}`)
      return ok({ approved: user?.devices.has(String(b.device)) === true })
    },
    async 'email/verify'(b) {
      const email = String(b.email ?? '').toLowerCase()
      const outcome = store.checkCode(email, String(b.otp), p.now())
      if (outcome !== 'ok')
        return refuse(400, {
          code: outcome,
          message: outcome === 'EXPIRED_OTP' ? 'The code has expired.' : 'Wrong code.',
        })
      const user = await store.ensureUser(`email:${email}`, { method: 'email', email })
      return session(user, String(b.device))
    },
    async 'social/start'(b) {
      const provider = String(b.provider)
      if (!SOCIAL.includes(provider))
        return refuse(400, { code: 'UNKNOWN_PROVIDER', message: provider })
      const state = token(16)
      store.socialStates.set(state, { provider: provider as LoginMethod, host: String(b.host) })
      return ok({ uri: `${p.origin()}/consent/${provider}?state=${state}` })
    },
    async 'social/finish'(b) {
      let url: URL
      try {
        url = new URL(String(b.uri))
      } catch {
        return refuse(400, { code: 'SOCIAL_FAILED', message: 'Not a redirect result.' })
      }
      const granted = store.socialCodes.get(url.searchParams.get('code') ?? '')
      if (url.origin !== p.origin() || url.pathname !== '/social/callback' || !granted)
        return refuse(400, { code: 'SOCIAL_FAILED', message: 'The sign-in was not granted.' })
      store.socialCodes.delete(url.searchParams.get('code') ?? '')
      const profile = socialProfile(granted.provider, granted.handle)
      const user = await store.ensureUser(`${granted.provider}:${granted.handle}`, profile)
      return session(user, String(b.device))
    },
    async 'farcaster/channel'(b) {
      const id = token(16)
      store.channels.set(id, { id, host: String(b.host), status: 'pending' })
      return ok({ channel: id, url: `${p.origin()}/farcaster/approve?channel=${id}` })
    },
    async 'farcaster/status'(b) {
      const channel = store.channels.get(String(b.channel))
      if (!channel || channel.status === 'cancelled')
        return refuse(410, { code: 'CANCELLED', message: 'This request has expired.' })
      if (channel.status !== 'approved' || !channel.username) return ok({ status: 'pending' })
      store.channels.delete(channel.id)
      const user = await store.ensureUser(`farcaster:${channel.username}`, {
        method: 'farcaster',
        username: `@${channel.username}`,
      })
      return ok({ status: 'approved', token: store.open(user, String(b.device)) })
    },
    async 'farcaster/cancel'(b) {
      const channel = store.channels.get(String(b.channel))
      if (channel) channel.status = 'cancelled'
      return ok({})
    },
    async session(b) {
      return ok({ isConnected: signedIn(b) !== undefined })
    },
    async user(b) {
      const user = signedIn(b)
      if (!user) return notSignedIn()
      const type = b.preferredAccountType as AuthAccountType
      if (type === 'eoa' || type === 'smartAccount') user.preferred = type
      const chainId = wallets.chainIds.includes(Number(b.chainId))
        ? Number(b.chainId)
        : (wallets.chainIds[0] ?? 1)
      return ok(describe(user, chainId))
    },
    async 'account-type'(b) {
      const user = signedIn(b)
      if (!user) return notSignedIn()
      user.preferred = b.type === 'eoa' ? 'eoa' : 'smartAccount'
      return ok({ type: user.preferred, address: describe(user, 0).address })
    },
    async rpc(b) {
      const method = String(b.method)
      const params = Array.isArray(b.params) ? b.params : []
      try {
        if (APPROVAL_METHODS.includes(method)) {
          const user = signedIn(b)
          if (!user) return notSignedIn()
          if (b.approved !== true) return refuse(403, { code: 4001, message: 'Not approved.' })
          const useSmart = user.preferred === 'smartAccount'
          return ok({
            result: await wallets.approved(
              user.accounts,
              useSmart,
              Number(b.chainId),
              method,
              params,
            ),
          })
        }
        if (!READ_METHOD.test(method) || NEVER_READ.test(method))
          return refuse(200, { code: 4200, message: `${method} is not supported.` })
        return ok({ result: await wallets.read(Number(b.chainId), method, params) })
      } catch (error) {
        const e = error instanceof WalletRequestError ? error.error : (error as Partial<FrameError>)
        return refuse(200, {
          code: typeof e.code === 'number' ? e.code : -32603,
          message: String(e.message ?? 'Login wallet error').slice(0, 300),
        })
      }
    },
    async signout(b) {
      if (typeof b.token === 'string') store.close(b.token)
      return ok({})
    },
  }

  return {
    /** Answers `POST /api/<path>`; undefined for an unknown path. */
    handle(path: string, body: Record<string, unknown>): Promise<ApiAnswer> | undefined {
      const route = Object.hasOwn(routes, path) ? routes[path] : undefined
      return route?.(body)
    },
  }
}
