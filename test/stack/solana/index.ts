export {
  SOLANA_FUNDED_ACCOUNTS,
  SOLANA_START_LAMPORTS,
  type SolanaTestAccount,
  solanaSeed,
  solanaTestAccount,
} from './accounts.js'
export {
  createSolanaChain,
  SOLANA_LOCALNET,
  SOLANA_LOCALNET_GENESIS,
  type SolanaChain,
  type SolanaExecution,
  type SolanaSignatureStatus,
} from './chain.js'
export {
  createDevnetSolanaWalletRoutes,
  DEVNET_SOLANA_WALLET_PATHS,
  type DevnetSolanaWalletRoutes,
} from './http-bridge.js'
export { SOLANA_WALLET, type SolanaWalletInfo } from './info.js'
export {
  createSolanaNamespace,
  lamportsToSol,
  NATIVE_SOL_MINT,
  SOL_PRICE_USD,
} from './namespace.js'
export { type SolanaPageScriptConfig, solanaWalletPageScript } from './page-script.js'
export {
  type InstalledSolanaWallet,
  type InstallSolanaWalletOptions,
  installSolanaWallet,
} from './playwright.js'
export { type SolanaRpc, type SolanaRpcOptions, startSolanaRpc } from './rpc.js'
export { type SolanaStandIn, startSolana } from './start.js'
export { buildTransfer, type TransferParameters } from './transfer.js'
export {
  createSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletOptions,
  type SolanaWalletAccountData,
  type SolanaWalletCall,
  type SolanaWalletEvent,
} from './wallet.js'
