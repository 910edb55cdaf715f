import { UnsupportedTransferError } from './errors/transaction.js'
import { resolveNetwork } from './networks.js'
import type { KitParts } from './parts.js'
import type { CaipNetworkId } from './types/caip.js'

/** The connected eip155 wallet's two doors for features that do not send: signing and reading. */
export type Eip155Wallet = {
  /**
   * `personal_sign` of a text message by `address` (a sign-in, a name, a revocation), through the
   * eip155 writer; 4001 is `SignatureDeclinedError` ('Signature declined').
   */
  signMessage(message: string, address: string): Promise<`0x${string}`>
  /**
   * One JSON-RPC read of a network, through the chain reader: the network's RPC url when the site
   * gave one, else the wallet; the answer is unchecked.
   */
  read(caipNetworkId: CaipNetworkId, method: string, params: unknown[]): Promise<unknown>
}

/**
 * The one path by which SIWX, names and smart sessions reach the eip155 wallet: the chain writer
 * over the provider read through the one error mapping. No other core code asks the wallet.
 */
export function createEip155Wallet(
  p: Pick<KitParts, 'adapters' | 'chain' | 'provider' | 'options'>,
): Eip155Wallet {
  const unavailable = () => new UnsupportedTransferError({ reason: 'no eip155 wallet or network' })
  const writer = () => {
    const found = p.adapters.eip155?.writer
    const { signMessage, read } = found ?? {}
    if (!found || !signMessage || !read) throw unavailable()
    return { signMessage: signMessage.bind(found), read: read.bind(found) }
  }
  function context(id?: CaipNetworkId) {
    const connected = p.chain.networks.peek().eip155?.caipNetwork
    const network =
      id === undefined || connected?.caipNetworkId === id
        ? connected
        : // A network the site did not describe, known by its id alone, is read through the wallet.
          (p.options.networks.find((n) => n.caipNetworkId === id) ?? resolveNetwork(id))
    if (!network) throw unavailable()
    return { network, provider: p.provider('eip155') }
  }
  return {
    signMessage: (message, address) => writer().signMessage(message, address, context()),
    read: (id, method, params) => writer().read(method, params, context(id)),
  }
}
