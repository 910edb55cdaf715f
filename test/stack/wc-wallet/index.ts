export type {
  ExtraNamespace,
  WcProposal,
  WcRequest,
  WcSession,
  WcWallet,
  WcWalletChain,
  WcWalletOptions,
} from './types'
export { createWcWallet } from './wallet'
