import { toProviderError } from '../../core/errors/rpc.js'
import { UnsupportedTransferError } from '../../core/errors/transaction.js'
import type { WriteContext } from '../../core/types/adapter.js'
import { type Eip1193RequestArguments, isEip1193Provider } from '../../core/types/provider.js'
import type { RpcRequest } from '../../core/types/services.js'

/** One read of chain state, typed like an EIP-1193 request; the answer is unchecked. */
export type Eip155Read = (args: Eip1193RequestArguments) => Promise<unknown>

/**
 * Reads through the network's own RPC when the site gave its url, else through the wallet's
 * provider (a network given by id alone). Wallet errors become WalletKit errors.
 */
export function createReader(rpc: RpcRequest, context: WriteContext): Eip155Read {
  const url = context.network.rpcUrl
  if (url) return (args) => rpc(url, args.method, (args.params as unknown[] | undefined) ?? [])
  const { provider } = context
  return async (args) => {
    if (!isEip1193Provider(provider))
      throw new UnsupportedTransferError({ reason: 'no RPC for this network' })
    try {
      return await provider.request(args)
    } catch (error) {
      throw toProviderError(error)
    }
  }
}

/**
 * A hex quantity of a JSON-RPC answer.
 *
 * @throws Error when `value` is not one (the answer of an untrusted node or wallet).
 */
export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new Error(`invalid ${what}`)
  return BigInt(value)
}
