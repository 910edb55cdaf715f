/** A wallet list entry from the catalogue (SPEC §3), after parsing. */
export type WalletEntry = Readonly<{
  id: string
  name: string
  image_id: string | null
  /** A site-provided image URL (custom wallets) instead of an image id. */
  image_url: string | null
  homepage: string | null
  rdns: string | null
  mobile_link: string | null
  /**
   * The wallet's universal link (https), as the catalogue gives it beside a custom scheme in
   * `mobile_link`; preferred on a phone (`deeplink.ts`).
   */
  link_mode?: string | null
  desktop_link: string | null
  webapp_link: string | null
  chrome_store: string | null
  badge_type: 'certified' | 'none'
  chains: readonly string[]
  supports_wc: boolean
  /** Namespaces the wallet injects a provider for. */
  injected: readonly { namespace: string; injected_id: string }[]
}>

/** One page of wallets. */
export type WalletPage = { count: number; data: WalletEntry[] }
