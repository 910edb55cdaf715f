import type { SiwxSession } from '../siwx/types.js'
import type { CaipNetworkId, ChainNamespace } from './caip.js'

/** A social login provider (SPEC §9). */
export type SocialProvider =
  | 'google'
  | 'x'
  | 'discord'
  | 'farcaster'
  | 'github'
  | 'apple'
  | 'facebook'

/** A wallet feature shown in the Account view. */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/** Feature switches (SPEC §9 gives the defaults). */
export type Features = {
  /** Token swaps. Default true. */
  swaps: boolean
  /** Buying crypto through an on-ramp. Default true. */
  onramp: boolean
  /** Receive view (address and QR). Default true. */
  receive: boolean
  /** Send view. Default true. */
  send: boolean
  /** Email login. Default true. */
  email: boolean
  /** Social login providers, in display order, or false. Default all seven. */
  socials: false | SocialProvider[]
  /** Transaction history. Default true. */
  history: boolean
  /** Anonymous usage analytics. Default true. */
  analytics: boolean
  /** The All Wallets entry and view. Default true. */
  allWallets: boolean
  /** A terms checkbox the visitor must tick before connecting. Default false. */
  legalCheckbox: boolean
  /** Smart session management. Default false. */
  smartSessions: boolean
  /** Collapse the wallet list behind one button. Default false. */
  collapseWallets: boolean
  /** Order of wallet features in the Account view. Default onramp, swaps, receive, send. */
  walletFeaturesOrder: WalletFeature[]
}

/** A network given as an object (DESIGN §3). */
export type NetworkOption = {
  /** CAIP-2 id, e.g. `eip155:8453`. */
  caipNetworkId: CaipNetworkId
  /** Display name. */
  name: string
  /** Native currency. */
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** JSON-RPC endpoint (http or https). */
  rpcUrl: string
  /** Block explorer (https). */
  explorerUrl?: string
  /**
   * The blockchain API can swap on this network (e.g. a devnet with a local exchange). The spec's
   * twelve swap networks need no mark. Default false.
   */
  swaps?: boolean
  /**
   * The contract your blockchain API's swaps call on this network (and their approvals' spender),
   * e.g. a Uniswap-V2-style router. A swap to any other contract is refused before the wallet is
   * asked; a network marked `swaps` without a router known to the kit offers no swap. Implies
   * `swaps: true`. The spec's twelve swap networks have 1inch's router built in.
   */
  swapRouter?: string
  /**
   * The contracts of the network's well-known tokens, by symbol, e.g. `{ USDC: '0x…' }`: Activity
   * flags a transfer of a token showing one of these symbols from any other contract as an
   * imitation. The kit knows them on the main networks (USDC, USDT, WETH, DAI, WBTC); a site sets
   * them for its own network. Default none.
   */
  tokens?: Record<string, string>
}

/** Site metadata shown to wallets. */
export type Metadata = { name: string; description: string; url: string; icons: string[] }

/** A wallet a site adds to the list itself. */
export type CustomWallet = {
  id: string
  name: string
  homepage?: string
  image_url?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
}

/** Account type preferred per namespace. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal'

/** Sign-In With X settings (SPEC §4, §6). */
export type SiwxOptions = {
  /** The visitor must sign in before the modal closes; cancelling disconnects. Default false. */
  required?: boolean
  /** The statement line of the message (no line feed). Default none. */
  statement?: string
  /** Session lifetime, in seconds. Default 86 400 (one day). */
  expirationSeconds?: number
  /** End the session when the wallet disconnects (revoking it). Default true. */
  signOutOnDisconnect?: boolean
  /** Fetches a nonce from the site's server. Default: 16 random alphanumeric characters. */
  getNonce?: (input: { address: string; caipNetworkId: string }) => Promise<string>
  /**
   * Verifies a new sign-in on the site's server; false refuses it. Default: in the browser (the
   * signature of an EOA, or EIP-1271 through the network's RPC for a contract account).
   */
  verify?: (session: SiwxSession) => Promise<boolean>
  /** Stores a session. Given with `getSessions` and `revokeSession`, or none of them (browser storage). */
  addSession?: (session: SiwxSession) => Promise<void>
  /** Lists the sessions of an address on a network, newest first (each is verified again). */
  getSessions?: (caipNetworkId: string, address: string) => Promise<SiwxSession[]>
  /** Revokes the sessions of an address on a network. */
  revokeSession?: (caipNetworkId: string, address: string) => Promise<void>
}

/** Theme tokens a site may set, keyed by their `--wk-*` name. */
export type ThemeVariables = Partial<Record<`--wk-${string}`, string | number>>

/** Light, dark, or following the visitor's system setting. */
export type ThemeMode = 'light' | 'dark' | 'system'

/**
 * A named look built from the `--wk-*` tokens: `default`; `contrast` (black on white or white on
 * black, every text at WCAG AAA contrast); `minimal` (monochrome, small radii); `rounded` (large
 * radii). `themeVariables` are applied over it.
 */
export type ThemePreset = 'default' | 'contrast' | 'minimal' | 'rounded'

/** What `kit.setTheme()` changes; each key is optional. */
export type ThemeUpdate = {
  /** Colour mode. */
  mode?: ThemeMode
  /** `--wk-*` tokens, merged over the ones set before. */
  variables?: ThemeVariables
  /** A named look. */
  preset?: ThemePreset
}

/** What a site passes to `WalletKit.init()`. Every key is optional but `projectId`. */
export type WalletKitOptions = {
  /** The project id: 32 lowercase hexadecimal characters. */
  projectId: string
  /** Networks, as CAIP-2 ids or network objects. Default `['eip155:1']`. */
  networks?: (CaipNetworkId | NetworkOption)[]
  /** The network to start on; one of `networks`. Default the first. */
  defaultNetwork?: CaipNetworkId | NetworkOption
  /** Features to turn on or off; merged over the defaults. */
  features?: Partial<Features>
  /** Site metadata for wallets. Default from the page. */
  metadata?: Metadata
  /** Sign-In With X. Absent: off. */
  siwx?: SiwxOptions
  /** Wallet ids shown first, in this order. */
  featuredWalletIds?: string[]
  /** Only these wallet ids are listed. */
  includeWalletIds?: string[]
  /** These wallet ids are never listed. */
  excludeWalletIds?: string[]
  /** Keep the visitor on a network outside `networks` instead of UnsupportedChain. Default false. */
  allowUnsupportedChain?: boolean
  /** Colour mode. Default 'system'. */
  themeMode?: ThemeMode
  /** A named look the tokens start from. Default 'default'. */
  themePreset?: ThemePreset
  /** `--wk-*` theme tokens. */
  themeVariables?: ThemeVariables
  /**
   * BCP 47 language of the text, e.g. `'de'` or `'pt-BR'` (an unknown tag falls back along its
   * subtags, then to English). Default: the page's `<html lang>`, then the browser's language.
   */
  locale?: string
  /** Where the locale packs are (`<localesUrl>/<tag>.json`). Default: `locales/` beside walletkit.js. */
  localesUrl?: string
  /** Send the connected address with analytics events. Default false. */
  analyticsAddresses?: boolean
  /** Offer WalletConnect. Default true. */
  enableWalletConnect?: boolean
  /** Offer `window.ethereum`. Default true. */
  enableInjected?: boolean
  /** Discover wallets over EIP-6963. Default true. */
  enableEIP6963?: boolean
  /** Wallets added by the site. */
  customWallets?: CustomWallet[]
  /**
   * Origins of Safe web wallets the site may be opened in as a Safe App, beside the Safe web
   * wallet's own (`https://app.safe.global`): exact `https://host[:port]` origins.
   */
  safeAllowedOrigins?: string[]
  /**
   * Checkout origins of on-ramp providers the site uses, beside the built-in ones
   * (`https://pay.coinbase.com`): exact `https://host[:port]` origins (http on loopback). A checkout
   * link elsewhere is not opened. Default none.
   */
  onrampCheckoutOrigins?: string[]
  /** Terms link (https), shown on Connect. */
  termsConditionsUrl?: string
  /** Privacy link (https), shown on Connect. */
  privacyPolicyUrl?: string
  /** Account type per namespace. */
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>
  /** Log and show developer diagnostics. Default false. */
  debug?: boolean
  /**
   * Networks of `networks` the blockchain API swaps on beyond the spec's twelve, for sites that
   * list networks by id (`data-*`): a CAIP-10 id of the network's swap router
   * (`eip155:31337:0x…`, the same as `swapRouter` on a network object), or a CAIP-2 id (the same
   * as `swaps: true`: swaps only where a router is known).
   */
  swapNetworks?: string[]
  /**
   * The most a swap may pay below its quote, in percent (the swap's minimum received is the quote
   * less this). From above 0 up to 50. Default 1.
   */
  swapMaxSlippage?: number
  /** Wallet catalogue API base url. */
  apiUrl?: string
  /** Blockchain API base url. */
  blockchainApiUrl?: string
  /** Analytics base url. */
  analyticsUrl?: string
  /** WalletConnect relay url (wss, or ws on loopback). */
  relayUrl?: string
  /** Login frame url. */
  authUrl?: string
}
