import { numberToHex } from 'viem'
import { WalletKitError } from '../../core/errors/base.js'
import {
  toProviderError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../core/errors/rpc.js'
import type { Eip1193Provider } from '../../core/types/provider.js'
import { type FrameChannel, FrameRequestError } from './channel.js'

/** Methods the visitor approves in the frame's own window, one at a time. */
export const APPROVAL_METHODS: readonly string[] = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
]

const HASH = /^0x[0-9a-fA-F]{64}$/
const HEX = /^0x[0-9a-fA-F]*$/

/** What the provider reads from the connector, and how it shows the frame for an approval. */
export type AuthProviderParameters = {
  channel: FrameChannel
  /** The address in use, or undefined while not connected. */
  address: () => string | undefined
  chainId: () => number
  switchChain: (chainId: number) => Promise<void>
  /**
   * Shows the frame above everything until the returned function is called; `onCancel` runs when
   * the visitor dismisses it (Escape).
   */
  showFrame: (onCancel: () => void) => () => void
}

type Listener = (...args: never[]) => void

/** Converts what the frame or the channel threw into WalletKit's classes. */
export function toAuthProviderError(error: unknown): WalletKitError {
  if (error instanceof FrameRequestError)
    return toProviderError({ code: error.error.code, message: error.error.message })
  return error instanceof WalletKitError ? error : toProviderError(error)
}

/**
 * The embedded wallet's EIP-1193 provider: what the host's `getProvider('eip155')`, SIWX and the
 * transaction pipeline use. Accounts and the chain id are answered from the connector's state;
 * signing and sending go to the frame, which asks the visitor to approve each request in its own
 * window (shown by the kit only while that request is open); reads go to the frame's RPC.
 */
export function createAuthProvider(p: AuthProviderParameters) {
  const listeners = new Map<string, Set<Listener>>()
  let queue: Promise<unknown> = Promise.resolve()

  /** One approval at a time: the frame shows one request, and Escape cancels that one. */
  function approve(method: string, params: unknown[]): Promise<unknown> {
    const run = async () => {
      const controller = new AbortController()
      const hide = p.showFrame(() => controller.abort(new UserRejectedRequestError()))
      try {
        return await p.channel.request(
          'RPC_REQUEST',
          { chainId: p.chainId(), method, params, approval: true },
          { timeout: 'ready', signal: controller.signal },
        )
      } finally {
        hide()
      }
    }
    const next = queue.then(run, run)
    queue = next.catch(() => undefined)
    return next
  }

  async function request({ method, params }: { method: string; params?: unknown }) {
    const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
    const address = p.address()
    try {
      switch (method) {
        case 'eth_accounts':
          return address ? [address] : []
        case 'eth_requestAccounts':
          if (!address)
            throw new UnauthorizedProviderError('Sign in with email or a social account first.')
          return [address]
        case 'eth_chainId':
          return numberToHex(p.chainId())
        case 'wallet_switchEthereumChain': {
          const id = (list[0] as { chainId?: unknown } | undefined)?.chainId
          await p.switchChain(typeof id === 'string' ? Number.parseInt(id, 16) : Number(id))
          return null
        }
      }
      if (!APPROVAL_METHODS.includes(method)) {
        const answer = await p.channel.request('RPC_REQUEST', {
          chainId: p.chainId(),
          method,
          params: list,
          approval: false,
        })
        return answer.result
      }
      if (!address)
        throw new UnauthorizedProviderError('Sign in with email or a social account first.')
      const { result } = (await approve(method, list)) as { result: unknown }
      const valid = method === 'eth_sendTransaction' ? HASH : HEX
      if (typeof result !== 'string' || !valid.test(result) || result.length < 4)
        throw new WalletRequestError('The login wallet sent an invalid answer.')
      return result
    } catch (error) {
      throw toAuthProviderError(error)
    }
  }

  const provider = {
    request,
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return this
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return this
    },
    /** Tells the provider's listeners (EIP-1193 events); a throwing listener stops no other. */
    emit(event: 'accountsChanged' | 'chainChanged', value: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])])
        try {
          ;(listener as (value: unknown) => void)(value)
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
    },
  }
  return provider satisfies Eip1193Provider
}

/** The embedded wallet's EIP-1193 provider. */
export type AuthProvider = ReturnType<typeof createAuthProvider>
