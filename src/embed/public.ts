/**
 * The public types of the bundle: what `walletkit.d.ts` declares for site owners who type their
 * pages. Nothing here runs.
 */

export type { SolanaProvider } from '../connectors/solana-standard/index.js'
export type { KitState, OpenParameters } from '../core/kit.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace } from '../core/types/caip.js'
export type { KitEventName, KitEvents } from '../core/types/events.js'
export type {
  AccountType,
  CustomWallet,
  Features,
  Metadata,
  NetworkOption,
  SiwxOptions,
  SocialProvider,
  ThemeMode,
  ThemePreset,
  ThemeUpdate,
  ThemeVariables,
  WalletFeature,
  WalletKitOptions,
} from '../core/types/options.js'
export type { OpenableView, View } from '../core/types/view.js'
export type { WalletKitGlobal } from './index.js'
export type { WalletKitInstance } from './kit.js'
