export {
  createWalletConnectConnector,
  toWalletConnectError,
  type WalletConnectConnector,
  type WalletConnectConnectorParameters,
} from './connector.js'
export { buildProposalNamespaces, NAMESPACE_CAPABILITIES } from './namespaces.js'
export { loadUniversalProvider, type ProviderFactory } from './provider.js'
