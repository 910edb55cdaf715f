import type { ReadonlySignal } from '@preact/signals-core'
import { createEmitter } from '../../core/emitter.js'
import {
  EmailRetryAfterError,
  ExpiredOtpError,
  InvalidOtpError,
  LoginFailedError,
} from '../../core/errors/auth.js'
import { UnrecognizedChainError } from '../../core/errors/rpc.js'
import type { AuthAccountType, AuthPort, AuthUser } from '../../core/types/auth.js'
import type { ConnectorEvents } from '../../core/types/connector.js'
import { createFrameChannel, FrameRequestError } from './channel.js'
import type { Params, RequestType, Result } from './protocol.js'
import { createAuthProvider, toAuthProviderError } from './provider.js'
import { openSocialPopup } from './social.js'

/** Where the frame lives in the page, and how it is shown for an approval. */
export type FrameHost = {
  /** Puts the hidden iframe into the modal's shadow root. */
  mount(frame: HTMLIFrameElement): void
  /** Shows the frame above everything until the returned function runs; Escape calls `onCancel`. */
  show(onCancel: () => void): () => void
}

/** What the Auth connector is built from. */
export type AuthConnectorParameters = {
  /** The login frame's URL (`authUrl`). */
  url: string
  /** The eip155 chain ids the site uses, the default first. */
  chainIds: readonly number[]
  /** The account type a new connection starts with. */
  preferredAccountType: () => AuthAccountType
  host: FrameHost
  /** Default LOGIN_FRAME_TIMEOUT_MS (tests shorten it). */
  timeoutMs?: number | undefined
  target?: Window | undefined
}

/** The Auth connector: the connector contract plus the login steps, and what tests may read. */
export type AuthConnector = AuthPort & {
  /** Messages refused on the login channel (forged, replayed, misshapen): tests read it. */
  readonly forged: ReadonlySignal<number>
  /** Removes the frame and its listener. */
  destroy(): void
}

/** A login step's refusal, as WalletKit's class for it. */
function toLoginError(error: unknown): unknown {
  if (!(error instanceof FrameRequestError)) return error
  const { code, message, retryAfterSeconds } = error.error
  if (typeof code === 'number') return toAuthProviderError(error)
  if (code === 'INVALID_OTP') return new InvalidOtpError()
  if (code === 'EXPIRED_OTP') return new ExpiredOtpError()
  if (code === 'RETRY_AFTER') return new EmailRetryAfterError(retryAfterSeconds ?? 1)
  return new LoginFailedError(code, message)
}

/**
 * Creates the Auth connector (type AUTH): email, social and Farcaster login through the login
 * frame, and an embedded wallet behind an EIP-1193 provider whose signing goes through the frame.
 * Nothing is loaded until `prepare()` or the first request.
 */
export function createAuthConnector(p: AuthConnectorParameters): AuthConnector {
  const defaultChain = p.chainIds[0] ?? 1
  let socialOpen = false
  const channel = createFrameChannel({
    url: p.url,
    mount: p.host.mount,
    target: p.target,
    timeoutMs: p.timeoutMs,
    socialPending: () => socialOpen,
  })
  const emitter = createEmitter<ConnectorEvents>()
  let user: AuthUser | undefined
  let chainId = defaultChain

  async function ask<T extends RequestType>(type: T, payload: Params<T>): Promise<Result<T>> {
    try {
      return await channel.request(type, payload)
    } catch (error) {
      throw toLoginError(error)
    }
  }

  async function switchChain(id: number) {
    if (!p.chainIds.includes(id)) throw new UnrecognizedChainError(`Chain ${id} is not offered.`)
    const answer = await ask('SWITCH_NETWORK', { chainId: id })
    if (answer.chainId === chainId) return
    chainId = answer.chainId
    if (user) user = { ...user, chainId }
    emitter.emit('chainChanged', `eip155:${chainId}`)
    provider.emit('chainChanged', `0x${chainId.toString(16)}`)
  }

  const provider = createAuthProvider({
    channel,
    address: () => user?.address,
    chainId: () => chainId,
    switchChain,
    showFrame: p.host.show,
  })

  async function loadUser(id: number) {
    const next = await ask('GET_USER', {
      chainId: id,
      preferredAccountType: p.preferredAccountType(),
    })
    user = next
    chainId = next.chainId
    return next
  }

  const connector: AuthConnector = {
    id: 'auth',
    name: 'Email & Social',
    type: 'AUTH',
    namespace: 'eip155',
    forged: channel.forged,
    prepare: channel.prepare,
    async connect({ network }) {
      const wanted = network ? Number(network.reference) : chainId
      const next = await loadUser(p.chainIds.includes(wanted) ? wanted : defaultChain)
      return { accounts: [next.address], caipNetworkId: `eip155:${next.chainId}` }
    },
    async disconnect() {
      user = undefined
      await ask('SIGN_OUT', {})
    },
    async getAccounts() {
      return user ? [user.address] : []
    },
    async getNetworkId() {
      return `eip155:${chainId}`
    },
    async isAuthorized() {
      try {
        if (!(await ask('IS_CONNECTED', {})).isConnected) return false
        await loadUser(chainId)
        return true
      } catch {
        return false
      }
    },
    async switchNetwork(network) {
      try {
        await switchChain(Number(network.reference))
      } catch (error) {
        throw toAuthProviderError(error)
      }
    },
    getProvider: () => provider,
    accountInfo: () =>
      user && {
        accounts: user.accounts,
        preferredAccountType: user.preferredAccountType,
        user: { email: user.email, username: user.username },
        socialProvider: user.method,
      },
    on: (event, listener) => emitter.on(event, listener),
    async connectEmail(email) {
      return (await ask('CONNECT_EMAIL', { email })).action
    },
    async connectDevice() {
      await ask('CONNECT_DEVICE', {})
    },
    async connectOtp(otp) {
      await ask('CONNECT_OTP', { otp })
    },
    openSocialPopup() {
      const popup = openSocialPopup({
        origin: channel.origin,
        loadingUrl: new URL('social/loading', `${p.url.replace(/\/?$/, '/')}`).href,
        onForged: () => channel.countForged(),
        target: p.target,
      })
      socialOpen = true
      const done = () => {
        socialOpen = false
      }
      popup.result.then(done, done)
      return {
        ...popup,
        close() {
          done()
          popup.close()
        },
      }
    },
    async getSocialRedirectUri(provider) {
      return (await ask('GET_SOCIAL_REDIRECT_URI', { provider })).uri
    },
    async connectSocial(uri) {
      await ask('CONNECT_SOCIAL', { uri })
    },
    async getFarcasterUri() {
      return (await ask('GET_FARCASTER_URI', {})).url
    },
    async pollFarcaster() {
      return (await ask('CONNECT_FARCASTER', {})).status === 'approved'
    },
    async setPreferredAccountType(type) {
      const answer = await ask('SET_PREFERRED_ACCOUNT', { type })
      if (!user) return answer.address
      const changed = answer.address !== user.address
      user = { ...user, address: answer.address, preferredAccountType: answer.type }
      if (changed) {
        emitter.emit('accountsChanged', [answer.address])
        provider.emit('accountsChanged', [answer.address])
      }
      return answer.address
    },
    reload() {
      void ask('RELOAD', {}).catch(() => undefined)
    },
    destroy: channel.destroy,
  }
  return Object.freeze(connector)
}
