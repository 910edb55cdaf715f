import type { CatalogApi } from '../core/types/services.js'
import type { WalletEntry, WalletPage } from '../core/types/wallet.js'
import { parseWalletEntry } from '../core/wallet-entry.js'
import type { HttpClient } from './http.js'
import { finite, list, record } from './parse.js'

/** Parameters of `/getWallets` (SPEC §7): the core's, and the badge filter. */
export type GetWalletsParameters = Parameters<CatalogApi['getWallets']>[0] & {
  badge?: 'certified' | undefined
}

/** Most entries read from one page (the largest the kit asks for is a search of 100). */
const MAX_PAGE_ENTRIES = 200

/** The wallet catalogue API client. */
export type CatalogService = ReturnType<typeof createCatalogService>

/** Creates the wallet catalogue client over an HTTP client bound to `apiUrl`. */
export function createCatalogService(http: HttpClient) {
  const join = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined)
  return {
    /** One page of wallets, parsed and checked. */
    getWallets(p: GetWalletsParameters): Promise<WalletPage> {
      return http.json(
        {
          path: '/getWallets',
          params: {
            page: p.page,
            entries: p.entries,
            chains: join(p.chains),
            include: join(p.include),
            exclude: join(p.exclude),
            search: p.search || undefined,
            badge_type: p.badge,
          },
          signal: p.signal,
        },
        parseWalletPage,
      )
    },
    /** A wallet's image as a Blob. */
    getWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob> {
      return http.blob({ path: `/getWalletImage/${encodeURIComponent(imageId)}`, signal })
    },
    /** A token, currency or asset image as a Blob. */
    getImage(
      kind: 'asset' | 'currency' | 'token',
      id: string,
      signal?: AbortSignal,
    ): Promise<Blob> {
      const path = { asset: 'getAssetImage', currency: 'getCurrencyImage', token: 'getTokenImage' }[
        kind
      ]
      return http.blob({ path: `/public/${path}/${encodeURIComponent(id)}`, signal })
    },
    /** Whether analytics are enabled for this project. */
    getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }> {
      return http.json({ path: '/getAnalyticsConfig' }, (value) => ({
        isAnalyticsEnabled: record(value, 'config').isAnalyticsEnabled === true,
      }))
    },
  }
}

/**
 * Parses `{ count, data }`; entries that break the shape are dropped, not trusted, and no more
 * entries are read than a page can hold.
 */
export function parseWalletPage(value: unknown): WalletPage {
  const o = record(value, 'response')
  const count = finite(o, 'count')
  const data: WalletEntry[] = []
  for (const item of list(o.data, 'data').slice(0, MAX_PAGE_ENTRIES)) {
    const wallet = parseWalletEntry(item)
    // Catalogue images come by image id, through the catalogue; never from a URL it names.
    if (wallet) data.push(wallet.image_url ? Object.freeze({ ...wallet, image_url: null }) : wallet)
  }
  return { count: Math.max(0, Math.floor(count)), data }
}
