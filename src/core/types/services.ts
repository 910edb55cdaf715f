import type { WalletPage } from './wallet.js'

/** What the core needs from the wallet catalogue API (implemented in services/). */
export type CatalogApi = {
  getWallets(parameters: {
    page: number
    entries: number
    chains?: string[] | undefined
    include?: string[] | undefined
    exclude?: string[] | undefined
    search?: string | undefined
    signal?: AbortSignal | undefined
  }): Promise<WalletPage>
  getWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
}

/** What the core needs from the analytics endpoint. */
export type AnalyticsApi = {
  send(event: {
    eventId: string
    url: string
    domain: string
    timestamp: number
    props: unknown
  }): Promise<void>
}
