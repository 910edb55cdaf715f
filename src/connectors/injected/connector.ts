import { numberToHex } from 'viem'
import {
  toProviderError,
  UnrecognizedChainError,
  UnsupportedProviderMethodError,
  walletErrorCode,
} from '../../core/errors/rpc.js'
import type { CaipNetwork, CaipNetworkId } from '../../core/types/caip.js'
import type { Connector, ConnectorFlags, ConnectorType } from '../../core/types/connector.js'
import type { Eip1193Provider, Eip1193RequestArguments } from '../../core/types/provider.js'
import { lazyEvents } from '../lazy-events.js'
import { parseChainId } from './eip1193.js'

/** What an injected connector is built from: an EIP-6963 announcement or `window.ethereum`. */
export type InjectedConnectorParameters = {
  id: string
  name: string
  type: Extract<ConnectorType, 'ANNOUNCED' | 'INJECTED'>
  provider: Eip1193Provider
  rdns?: string | undefined
  icon?: string | undefined
  flags?: ConnectorFlags | undefined
}

const toCaip = (chainId: number): CaipNetworkId => `eip155:${chainId}`

/**
 * Creates an eip155 connector over an injected EIP-1193 provider. Every wallet error is converted
 * to WalletKit's class for its code; `chainChanged` is normalised (hex or decimal) to CAIP-2;
 * listeners are attached to the provider only while someone listens.
 */
export function createInjectedConnector(p: InjectedConnectorParameters): Connector {
  const { provider } = p
  const { emitter, on } = lazyEvents(() => attach())

  async function request(args: Eip1193RequestArguments): Promise<unknown> {
    try {
      return await provider.request(args)
    } catch (error) {
      throw toProviderError(error)
    }
  }

  async function networkId(): Promise<CaipNetworkId> {
    const id = parseChainId(await request({ method: 'eth_chainId' }))
    if (id === undefined)
      throw toProviderError({ code: -32603, message: 'The wallet sent an invalid chain id.' })
    return toCaip(id)
  }

  function attach() {
    const onAccounts = (accounts: unknown) =>
      emitter.emit(
        'accountsChanged',
        Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [],
      )
    const onChain = (chainId: unknown) => {
      const id = parseChainId(chainId)
      if (id !== undefined) emitter.emit('chainChanged', toCaip(id))
    }
    const onDisconnect = () => emitter.emit('disconnect', undefined)
    provider.on?.('accountsChanged', onAccounts as never)
    provider.on?.('chainChanged', onChain as never)
    provider.on?.('disconnect', onDisconnect as never)
    return () => {
      provider.removeListener?.('accountsChanged', onAccounts as never)
      provider.removeListener?.('chainChanged', onChain as never)
      provider.removeListener?.('disconnect', onDisconnect as never)
    }
  }

  async function addNetwork(network: CaipNetwork, cause: unknown) {
    if (!network.rpcUrl) throw new UnrecognizedChainError(cause)
    await request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: numberToHex(Number(network.reference)),
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: [network.rpcUrl],
          ...(network.explorerUrl ? { blockExplorerUrls: [network.explorerUrl] } : {}),
        },
      ],
    })
  }

  return Object.freeze({
    id: p.id,
    name: p.name,
    type: p.type,
    namespace: 'eip155',
    rdns: p.rdns,
    icon: p.icon,
    flags: p.flags,
    async connect() {
      const answer = await request({ method: 'eth_requestAccounts' })
      const accounts = Array.isArray(answer)
        ? answer.filter((a): a is string => typeof a === 'string')
        : []
      if (accounts.length === 0)
        throw toProviderError({ code: 4100, message: 'The wallet returned no account.' })
      return { accounts, caipNetworkId: await networkId() }
    },
    async disconnect() {
      try {
        await request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch (error) {
        // Many wallets cannot revoke; the site forgets the connection all the same.
        if (!(error instanceof UnsupportedProviderMethodError)) throw error
      }
    },
    async getAccounts() {
      const accounts = await request({ method: 'eth_accounts' })
      return Array.isArray(accounts)
        ? accounts.filter((a): a is string => typeof a === 'string')
        : []
    },
    getNetworkId: networkId,
    async isAuthorized() {
      try {
        return (await this.getAccounts()).length > 0
      } catch {
        return false
      }
    },
    async switchNetwork(network) {
      const chainId = numberToHex(Number(network.reference))
      try {
        await request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      } catch (error) {
        if (
          walletErrorCode(error) !== 4902 &&
          walletErrorCode((error as { cause?: unknown }).cause) !== 4902
        )
          throw error
        await addNetwork(network, error)
        // Some wallets switch on add, some do not: ask again unless it already did.
        if ((await networkId()) !== network.caipNetworkId)
          await request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      }
    },
    getProvider: () => provider,
    on,
  } satisfies Connector)
}
