export { addEthereumChain, chainIdParam, type WalletChain } from './add-chain.js'
export { nestedError, providerError } from './errors.js'
export {
  createDevnetWalletRoutes,
  DEVNET_WALLET_PATHS,
  type DevnetWalletRoutes,
  type DevnetWalletRoutesOptions,
} from './http-bridge.js'
export { DEVNET_WALLET, type WalletInfo } from './info.js'
export { type PageBridge, type PageScriptConfig, testWalletPageScript } from './page-script.js'
export {
  announceImpostor,
  IMPOSTOR_ADDRESS,
  type ImpostorOptions,
  type InstalledTestWallet,
  type InstallTestWalletOptions,
  installTestWallet,
} from './playwright.js'
export type {
  ChainIdFormat,
  InProcessProvider,
  TestWallet,
  TestWalletOptions,
  WalletCall,
  WalletEvent,
} from './types.js'
export { createTestWallet } from './wallet.js'
