/**
 * Every number of SPEC §9, named with its unit. Nothing else in the code base repeats these values.
 */

// ── Wallet list ─────────────────────────────────────────────────────────────
/** Wallets per All Wallets page. */
export const WALLET_PAGE_SIZE = 40
/** Featured wallets shown on Connect by default. */
export const FEATURED_WALLETS_DEFAULT_COUNT = 4
/** Recommended wallets fetched for Connect. */
export const RECOMMENDED_WALLETS_COUNT = 4
/** Entries requested for a wallet search. */
export const SEARCH_ENTRIES_COUNT = 100
/** Minimum wait before search results show, so images arrive with them. */
export const SEARCH_IMAGE_WAIT_MS = 300
/** Recent wallets remembered. */
export const RECENT_WALLETS_MAX_COUNT = 2

// ── Connection and timing ──────────────────────────────────────────────────
/** Life of a new WalletConnect pairing. */
export const PAIRING_LIFETIME_MS = 4 * 60 * 1000
/** A pairing with less than this left counts as expired. */
export const PAIRING_EXPIRY_MARGIN_MS = 10 * 1000
/** Least time between two pairings prepared for a phone while the wallet lists stay on screen. */
export const PREPARED_PAIRING_INTERVAL_MS = 5 * 60 * 1000
/** Wait before a failed balance fetch may be retried. */
export const BALANCE_RETRY_MS = 30 * 1000
/** Wait before another email login code may be requested. */
export const EMAIL_RESEND_WAIT_MS = 30 * 1000
/** Time-out of requests to the login frame (email, device, OTP, social redirect). */
export const LOGIN_FRAME_TIMEOUT_MS = 30 * 1000
/** Digits of an email one-time code. */
export const OTP_LENGTH = 6
/** How long a login frame keeps an email code valid (docs/login-frame-protocol.md), said on the code view. */
export const OTP_LIFETIME_MINUTES = 10
/** How often the Farcaster approval is asked for while its QR code is shown. */
export const FARCASTER_POLL_MS = 1000
/** How often an open social login window is checked for having been closed. */
export const SOCIAL_POPUP_POLL_MS = 500
/** Delay before a new toast replaces an open one. */
export const TOAST_REPLACE_DELAY_MS = 150
/** Length of the modal shake effect. */
export const MODAL_SHAKE_MS = 500
/** How many image loads start in one task (the rest in the next ones): see `createImageCache`. */
export const IMAGE_STARTS_PER_TASK = 4
/** How many images are shown in one task (the rest in the next ones): see `usePaced`. */
export const IMAGE_SHOWS_PER_TASK = 2
/** Time-out for preloading an image before the fallback icon shows. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000
/** Default debounce (search input). */
export const DEBOUNCE_DEFAULT_MS = 500
/** Delay before the auth connector reloads after leaving ConnectingFarcaster. */
export const FARCASTER_RELOAD_DELAY_MS = 100
/** Wait for a WalletConnect pairing URI before the relay counts as unreachable. */
export const RELAY_CONNECT_TIMEOUT_MS = 15 * 1000
/** Time a Safe parent frame has to describe its Safe before the page counts as not in a Safe. */
export const SAFE_DETECT_TIMEOUT_MS = 1000
/** New pairings made in a row when one expires while its QR code is shown; then the visitor retries. */
export const PAIRING_AUTO_RENEW_MAX_COUNT = 5

// ── Swap ────────────────────────────────────────────────────────────────────
/** Default swap slippage. */
export const SWAP_SLIPPAGE_PERCENT = 1
/** Swap provider fee. */
export const SWAP_PROVIDER_FEE_PERCENT = 0.85
/** Gas estimate for a swap. */
export const SWAP_GAS_ESTIMATE_UNITS = 150_000n
/** Pending transactions shown at most. */
export const PENDING_TRANSACTIONS_LIMIT_COUNT = 99
/** Decimals a quote amount is rounded to. */
export const QUOTE_AMOUNT_PRECISION_DECIMALS = 6
/**
 * The eip155 chains that support swaps: Ethereum, Arbitrum One, OP Mainnet, zkSync Era, Base, BNB
 * Smart Chain, Polygon, Gnosis, Avalanche, Fantom, Klaytn and Aurora. A site adds its own with a
 * network object's `swaps: true`.
 */
export const SWAP_SUPPORTED_CHAIN_IDS = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
] as const
/** The most slippage a site may allow a swap, in percent. */
export const SWAP_MAX_SLIPPAGE_PERCENT = 50
/** Quotes, prices and balances are refreshed this often while the Swap view is open and visible. */
export const SWAP_REFRESH_INTERVAL_MS = 10 * 1000
/**
 * 1inch's Aggregation Router v6, which builds the public convert API's swaps (and is their
 * approvals' spender), on the spec's swap networks but zkSync Era (docs/swap.md names the source).
 */
export const ONE_INCH_ROUTER_V6 = '0x111111125421cA6dc452d289314280a0f8842A65'
/** 1inch's Aggregation Router v6 on zkSync Era (eip155:324), its own address there. */
export const ONE_INCH_ROUTER_V6_ZKSYNC = '0x6fd4383cB451173D5f9304F041C7BCBf27d561fF'
/** How long the Swap button waits for the swap's simulation before decoding alone decides. */
export const SWAP_SIMULATION_TIMEOUT_MS = 5 * 1000
/**
 * The furthest a swap's deadline may be, from the network's latest block: a swap signed now that
 * could still run an hour later is refused (a signed swap kept back to be run when it pays least).
 */
export const SWAP_MAX_DEADLINE_SECONDS = 60 * 60
/** Symbols offered first in the swap token selector (when the network's list has them). */
export const SWAP_SUGGESTED_TOKEN_SYMBOLS = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'ADA',
  'AVAX',
  'DOT',
  'LINK',
  'NITRO',
  'GAIA',
  'MILK',
  'TRX',
  'NEAR',
  'GNO',
  'WBTC',
  'DAI',
  'WETH',
  'USDC',
  'USDT',
  'ARB',
  'BAL',
  'BICO',
  'CRV',
  'ENS',
  'MATIC',
  'OP',
] as const
/** Symbols listed next in the swap token selector, before the network's other tokens. */
export const SWAP_POPULAR_TOKEN_SYMBOLS = [
  ...SWAP_SUGGESTED_TOKEN_SYMBOLS,
  'METAL',
  'CHAMP',
  'WOLF',
  'SALE',
  'BUSD',
  'MUST',
  'BTCpx',
  'ROUTE',
  'HEX',
  'WELT',
  'amDAI',
  'VSQ',
  'VISION',
  'AURUM',
  'pSP',
  'SNX',
  'VC',
  'CHP',
  'amUSDT',
  'SPHERE',
  'FOX',
  'GIDDY',
  'GFC',
  'OMEN',
  'OX_OLD',
  'DE',
  'WNT',
] as const

// ── On-ramp ─────────────────────────────────────────────────────────────────
/** Fallback purchase limits, in the payment currency. */
export const ONRAMP_FALLBACK_LIMITS = {
  card: { min: 10, max: 7500 },
  bankAccount: { min: 10, max: 25_000 },
} as const
/** Fee range of on-ramp providers. */
export const ONRAMP_PROVIDER_FEE_RANGE_PERCENT = { min: 1, max: 2 } as const
/** Namespaces with balance and on-ramp support. */
export const BALANCE_NAMESPACES = ['eip155', 'solana'] as const
/** Namespaces with name support. */
export const NAME_NAMESPACES = ['eip155'] as const
/** Namespaces whose accounts have a history (the blockchain API indexes them). */
export const HISTORY_NAMESPACES = ['eip155', 'solana'] as const
/**
 * Checkout origins of the on-ramp providers the kit knows: Coinbase Pay, whose link the service
 * builds. The site's `onrampCheckoutOrigins` are added to them.
 */
export const ONRAMP_CHECKOUT_ORIGINS: readonly string[] = Object.freeze([
  'https://pay.coinbase.com',
])
/**
 * Time zones (IANA names, upper-cased) of regions where on-ramp providers may not serve visitors.
 * The OnRamp view tells a visitor whose browser reports one of them before they start a purchase.
 */
export const RESTRICTED_TIMEZONES = [
  'ASIA/SHANGHAI',
  'ASIA/URUMQI',
  'ASIA/CHONGQING',
  'ASIA/HARBIN',
  'ASIA/KASHGAR',
  'ASIA/MACAU',
  'ASIA/MACAO',
  'ASIA/HONG_KONG',
  'ASIA/BEIJING',
] as const
/** Fiat amounts offered as one-tap presets in the OnRamp view. */
export const ONRAMP_PRESET_AMOUNTS = [50, 100, 250, 500] as const
/** How often the balance is read while a checkout window is open. */
export const ONRAMP_BALANCE_POLL_MS = 2000
/** How often a checkout window is checked for having been closed. */
export const ONRAMP_POPUP_POLL_MS = 500

// ── Names ───────────────────────────────────────────────────────────────────
/** Suffix of names registered now (SPEC §5). */
export const NAME_SUFFIX = '.reown.id'
/** Suffix of names registered before; still a product name (SPEC §5). */
export const NAME_SUFFIX_LEGACY = '.wcn.id'
/** Shortest label a visitor may register. */
export const NAME_LABEL_MIN_CHARS = 4
/** Longest label the names service accepts. */
export const NAME_LABEL_MAX_CHARS = 64
/** Suggestions shown beside the typed name at most. */
export const NAME_SUGGESTIONS_MAX_COUNT = 4
/** The names service takes a registration message at most this long after its timestamp. */
export const NAME_SIGNATURE_WINDOW_MS = 10 * 1000

// ── Network requests ────────────────────────────────────────────────────────
/** Time-out of one HTTP request to a service. */
export const HTTP_TIMEOUT_MS = 10 * 1000
/** Largest JSON body read from a service or an RPC endpoint, in bytes; a longer one is refused unread. */
export const HTTP_MAX_JSON_BYTES = 2 * 1024 * 1024
/** Largest image read (catalogue, identity, custom wallets), in bytes. */
export const IMAGE_MAX_BYTES = 512 * 1024
/**
 * Most images fetched by URL per kit (avatars, site icons, custom wallets' images): a service that
 * lists a thousand sessions, each with its own icon, gets that many requests, then the fallback.
 */
export const IMAGE_URL_FETCH_MAX = 48
/** Toast display time before it hides itself. */
export const TOAST_DISPLAY_MS = 2500

// ── Transactions ────────────────────────────────────────────────────────────
/** Wait between two receipt reads of a sent transaction. */
export const RECEIPT_POLL_INTERVAL_MS = 1000
/** A sent transaction without a receipt after this long stays pending; the kit stops asking. */
export const RECEIPT_TIMEOUT_MS = 10 * 60 * 1000

/** Analytics: the wait between an event and the batch that sends it (a page hide sends at once). */
export const ANALYTICS_FLUSH_MS = 2_000
/** Analytics: events kept while none can be sent; the oldest go first. */
export const ANALYTICS_QUEUE_MAX = 100
