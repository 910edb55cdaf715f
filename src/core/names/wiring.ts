import { reportingFlowErrors } from '../flow-errors.js'
import type { KitParts } from '../parts.js'
import { createNameRegistration, type NameRegistration } from './registration.js'

/**
 * Builds the kit's RegisterName flow over its parts: the connected eip155 account and network as
 * the owner, the wallet's signature, and, once registered, the name shown at once on Account. A
 * failure the view shows is reported to the host too (`walletkit:error`).
 */
export function createKitNames(
  api: NonNullable<KitParts['services']['names']>,
  p: Pick<
    KitParts,
    'chain' | 'eip155Wallet' | 'router' | 'accountData' | 'trackFeature' | 'events'
  >,
): NameRegistration {
  const { chain } = p
  const wallet = p.eip155Wallet
  return reportingFlowErrors(
    createNameRegistration({
      api,
      owner: () => {
        const account = chain.accounts.peek().eip155
        const network = chain.networks.peek().eip155?.caipNetwork
        if (account?.status !== 'connected' || !account.address || !network) return undefined
        return {
          address: account.address,
          chainId: Number(network.reference),
          profileName: account.profileName,
        }
      },
      sign: (message, address) => wallet.signMessage(message, address),
      onRegistered: (name, address) => {
        // The funnel counts the registration; the name, like an address, stays out of it.
        p.trackFeature('REGISTER_NAME_SUCCESS')
        p.accountData.setProfileName('eip155', address, name)
        p.router.returnTo('Account')
      },
    }),
    p.events,
  )
}
