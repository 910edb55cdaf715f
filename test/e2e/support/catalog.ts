import { type WcWallet, wallets } from '../../fixtures/wallets'
import { NETWORKS } from './host-page'

/** Wallets per All Wallets page (SPEC §9). */
export const PAGE_SIZE = 40
/** Entries a search asks for (SPEC §9). */
export const SEARCH_ENTRIES = 100
/** Recommended wallets Connect shows when nothing is featured or recent (SPEC §9). */
export const RECOMMENDED_COUNT = 4

/** The fixture's wallets that support one of `chains`, in catalogue order (what the stand-in lists). */
export function walletsFor(chains: readonly string[] = NETWORKS): WcWallet[] {
  return wallets.filter((w) => w.chains.some((c) => chains.includes(c)))
}

/** The names Connect lists on a fresh visit: the first recommended wallets of the catalogue. */
export function connectNames(): string[] {
  return walletsFor()
    .slice(0, RECOMMENDED_COUNT)
    .map((w) => w.name)
}

/** The ids All Wallets lists after `pages` pages. */
export function allWalletIds(pages = 1): string[] {
  return walletsFor()
    .slice(0, pages * PAGE_SIZE)
    .map((w) => w.id)
}
