import { BALANCE_NAMESPACES } from '../constants.js'
import { ChainAdapterNotFoundError } from '../errors/caip.js'
import { reportingFlowErrors } from '../flow-errors.js'
import type { KitParts } from '../parts.js'
import type { BlockchainApi } from '../types/services.js'
import { createOnRamp, type OnRamp, type OnRampTarget } from './controller.js'
import type { OnRampApi } from './types.js'

/**
 * Builds the kit's OnRamp flow over its parts: the connected eip155 or solana account that buys,
 * its balance read from the chain (through the wallet's provider when the network has no RPC url),
 * the checkout window and the time zone from the page, and Account once the purchase is done. A
 * failure the form shows is reported to the host too (`walletkit:error`).
 */
export function createKitOnRamp(
  api: OnRampApi,
  blockchain: Pick<BlockchainApi, 'getHistory'> | undefined,
  p: Pick<
    KitParts,
    | 'options'
    | 'chain'
    | 'adapters'
    | 'provider'
    | 'router'
    | 'accountData'
    | 'trackFeature'
    | 'env'
    | 'events'
  >,
): OnRamp {
  const { chain } = p
  /** The connected eip155 or solana account that buys, on its network. */
  function target(): OnRampTarget | undefined {
    const ns = chain.activeNamespace.peek()
    if (!(BALANCE_NAMESPACES as readonly string[]).includes(ns)) return undefined
    const account = chain.accounts.peek()[ns]
    const network = chain.networks.peek()[ns]?.caipNetwork
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    return { address: account.address, network, tokenBalance: account.tokenBalance }
  }
  return reportingFlowErrors(
    createOnRamp({
      api,
      target,
      // The buyer's balance of an asset now, in base units, read from the chain.
      balanceOf(buyer, asset) {
        const ns = buyer.network.namespace
        const writer = p.adapters[ns]?.writer
        if (!writer) return Promise.reject(new ChainAdapterNotFoundError({ namespace: ns }))
        return writer.getBalance(buyer.address, asset.network.contract_address || undefined, {
          network: buyer.network,
          provider: p.provider(ns),
        })
      },
      // The provider the generator's checkout is (Coinbase Pay) lists its purchases.
      purchases: blockchain
        ? (t) =>
            blockchain
              .getHistory(t.address, { chainId: t.network.caipNetworkId, onramp: 'coinbase' })
              .then((page) => page.items)
        : undefined,
      openWindow: p.env.openWindow ?? (() => null),
      leaveSignal: () => p.router.leaveSignal(),
      onFinished: () => {
        const ns = chain.activeNamespace.peek()
        p.trackFeature('ONRAMP_SUCCESS')
        p.router.returnTo('Account')
        void p.accountData.refresh(ns)
      },
      timeZone: p.env.timeZone,
      checkoutOrigins: p.options.onrampCheckoutOrigins,
    }),
    p.events,
  )
}
