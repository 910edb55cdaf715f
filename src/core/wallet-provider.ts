import { actionOf, toWalletError } from './errors/wallet.js'
import type { Connector } from './types/connector.js'

/** The EIP-1193 surface the facade keeps. */
type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

const isEip1193 = (value: unknown): value is Eip1193 =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { request?: unknown }).request === 'function'

const facades = new WeakMap<Eip1193, Eip1193>()

/**
 * A connector's provider as the kit and the host page use it. An EIP-1193 provider is wrapped so
 * that every failure comes back through the kit's error mapping (`toWalletError`, with the
 * connector's own converter): a WalletConnect rejection is a 4001 like an extension's, a declined
 * signature is 'Signature declined', and each error keeps its EIP-1193 `code`. Requests and events
 * go to the wallet unchanged; the same provider always gives the same facade. Other providers
 * (Solana's, which maps its own errors) are returned as they are.
 */
export function walletProvider(connector: Connector | undefined): unknown {
  const provider = connector?.getProvider()
  if (!connector || !isEip1193(provider)) return provider
  let facade = facades.get(provider)
  if (facade) return facade
  const convert = connector.toError
  const wrapped: Eip1193 = Object.freeze({
    async request(args: { method: string; params?: unknown }) {
      try {
        return await provider.request(args)
      } catch (error) {
        throw toWalletError(error, actionOf(String(args?.method)), convert)
      }
    },
    on(event: string, listener: (...args: never[]) => void) {
      provider.on?.(event, listener)
      return wrapped
    },
    removeListener(event: string, listener: (...args: never[]) => void) {
      provider.removeListener?.(event, listener)
      return wrapped
    },
  })
  facade = wrapped
  facades.set(provider, facade)
  return facade
}
