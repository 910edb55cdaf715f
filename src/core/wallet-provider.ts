import { actionOf, toWalletError } from './errors/wallet.js'
import type { Connector } from './types/connector.js'
import { interceptMethod } from './utils/intercept.js'

type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }

const isRequester = (value: unknown): value is Requester =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { request?: unknown }).request === 'function'

const mapped = new WeakMap<object, object>()

/**
 * A connector's provider as the kit and the host page use it. An EIP-1193 provider's `request` is
 * wrapped so that every failure comes back through the kit's error mapping (`toWalletError`, with
 * the connector's own converter): a WalletConnect rejection is a 4001 like an extension's, a
 * declined signature is 'Signature declined', and each error keeps its EIP-1193 `code`. Everything
 * else (other methods, events, properties) is the wallet's own; the same provider always gives the
 * same object. Other providers (Solana's, which map their own errors) are returned as they are.
 */
export function walletProvider(connector: Connector | undefined): unknown {
  const provider = connector?.getProvider()
  if (!connector || !isRequester(provider)) return provider
  const cached = mapped.get(provider)
  if (cached) return cached
  const convert = connector.toError
  const wrapped = interceptMethod(provider, 'request', async (args: { method: string }) => {
    try {
      return await provider.request(args)
    } catch (error) {
      throw toWalletError(error, actionOf(String(args?.method)), convert)
    }
  })
  mapped.set(provider, wrapped)
  return wrapped
}
