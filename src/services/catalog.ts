import type { WalletEntry, WalletPage } from '../core/types/wallet.js'
import type { HttpClient } from './http.js'
import { finite, list, optionalText, record, text } from './parse.js'

/** Parameters of `/getWallets` (SPEC §7). */
export type GetWalletsParameters = {
  page: number
  entries: number
  chains?: string[] | undefined
  include?: string[] | undefined
  exclude?: string[] | undefined
  search?: string | undefined
  badge?: 'certified' | undefined
  signal?: AbortSignal | undefined
}

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

/** Parses `{ count, data }`; entries that break the shape are dropped, not trusted. */
export function parseWalletPage(value: unknown): WalletPage {
  const o = record(value, 'response')
  const count = finite(o, 'count')
  const data: WalletEntry[] = []
  for (const item of list(o.data, 'data')) {
    const wallet = parseWallet(item)
    if (wallet) data.push(wallet)
  }
  return { count: Math.max(0, Math.floor(count)), data }
}

function parseWallet(value: unknown): WalletEntry | undefined {
  try {
    const o = record(value, 'wallet')
    const chains = Array.isArray(o.chains) ? o.chains.filter((c) => typeof c === 'string') : []
    const injected = Array.isArray(o.injected)
      ? o.injected.flatMap((i) => {
          const r = typeof i === 'object' && i ? (i as Record<string, unknown>) : {}
          return typeof r.namespace === 'string' && typeof r.injected_id === 'string'
            ? [{ namespace: r.namespace, injected_id: r.injected_id }]
            : []
        })
      : []
    return Object.freeze({
      id: text(o, 'id', 128),
      name: text(o, 'name', 10_000),
      image_id: optionalText(o, 'image_id', 128),
      image_url: null,
      homepage: optionalText(o, 'homepage'),
      rdns: optionalText(o, 'rdns', 256),
      mobile_link: optionalText(o, 'mobile_link'),
      desktop_link: optionalText(o, 'desktop_link'),
      webapp_link: optionalText(o, 'webapp_link'),
      chrome_store: optionalText(o, 'chrome_store'),
      badge_type: o.badge_type === 'certified' ? 'certified' : 'none',
      chains: Object.freeze(chains as string[]),
      supports_wc: o.supports_wc !== false,
      injected: Object.freeze(injected),
    })
  } catch {
    return undefined
  }
}
