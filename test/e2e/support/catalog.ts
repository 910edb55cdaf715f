import { type WcWallet, wallets } from '../../fixtures/wallets'
import { NETWORKS } from './host-page'

/** Wallets per All Wallets page (SPEC §9). */
export const PAGE_SIZE = 40
/** Entries a search asks for (SPEC §9). */
export const SEARCH_ENTRIES = 100
/** Recommended wallets Connect shows when nothing is featured or recent (SPEC §9). */
export const RECOMMENDED_COUNT = 4

/** The WalletConnect entry Connect shows on a desktop (a QR code for any wallet app): a connector, not a catalogue wallet. */
export const WALLETCONNECT_ENTRY = { id: 'walletConnect', name: 'WalletConnect' } as const

/** The fixture's wallets that support one of `chains`, in catalogue order (what the stand-in lists). */
export function walletsFor(chains: readonly string[] = NETWORKS): WcWallet[] {
  return wallets.filter((w) => w.chains.some((c) => chains.includes(c)))
}

/** The catalogue wallets Connect recommends on a fresh visit: the first of the catalogue. */
export function recommendedWallets(): WcWallet[] {
  return walletsFor().slice(0, RECOMMENDED_COUNT)
}

/**
 * The names Connect lists on a fresh visit on a desktop: the WalletConnect entry, then the
 * recommended wallets (`recent` ones, when given, between the two).
 */
export function connectNames(recent: readonly WcWallet[] = []): string[] {
  const recentIds = new Set(recent.map((w) => w.id))
  return [
    WALLETCONNECT_ENTRY.name,
    ...recent.map((w) => w.name),
    ...recommendedWallets()
      .filter((w) => !recentIds.has(w.id))
      .map((w) => w.name),
  ]
}

/** The ids All Wallets lists after `pages` pages. */
export function allWalletIds(pages = 1): string[] {
  return walletsFor()
    .slice(0, pages * PAGE_SIZE)
    .map((w) => w.id)
}
