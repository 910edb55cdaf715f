import type { Connector } from '../../../src/core/types/connector.js'

/**
 * An announced eip155 wallet that connects at once with `address` on eip155:1: a kit test
 * connects through it the way a visitor connects, so the state is the connection's own.
 */
export function devnetConnector(address: string): Connector {
  return {
    id: 'dev.walletkit.devnet',
    name: 'Devnet Wallet',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    connect: async () => ({ accounts: [address], caipNetworkId: 'eip155:1' }),
    disconnect: async () => undefined,
    getAccounts: async () => [address],
    getNetworkId: async () => 'eip155:1',
    isAuthorized: async () => true,
    switchNetwork: async () => undefined,
    getProvider: () => undefined,
    on: () => () => undefined,
  }
}
