import { createWalletHttpRoutes, type WalletHttpRoutes } from '../wallet-http-routes.js'
import type { WalletInfo } from './info.js'
import { testWalletPageScript } from './page-script.js'
import type { TestWallet } from './types.js'

/** Paths served by {@link createDevnetWalletRoutes}. */
export const DEVNET_WALLET_PATHS = {
  script: '/devnet-wallet.js',
  rpc: '/devnet-wallet/rpc',
  events: '/devnet-wallet/events',
} as const

/** Options of {@link createDevnetWalletRoutes}. */
export interface DevnetWalletRoutesOptions {
  /** The served script also sets `window.ethereum`; default false. */
  asWindowEthereum?: boolean
  /** Announce with other info than the wallet's own. */
  announceAs?: Partial<WalletInfo>
}

/** The test wallet over HTTP, for the demo page ('/devnet-wallet' and '/devnet-wallet.js'). */
export type DevnetWalletRoutes = WalletHttpRoutes

/**
 * Serves the test wallet to a page with no extension: `GET /devnet-wallet.js` (the page script,
 * bridged over HTTP), `POST /devnet-wallet/rpc` (`{ method, params }` → `{ result } | { error }`)
 * and `GET /devnet-wallet/events` (wallet events as Server-Sent Events).
 * @example
 * const routes = createDevnetWalletRoutes(wallet)
 * createServer((req, res) => routes.handle(req, res) || res.writeHead(404).end())
 */
export function createDevnetWalletRoutes(
  wallet: TestWallet,
  options: DevnetWalletRoutesOptions = {},
): DevnetWalletRoutes {
  return createWalletHttpRoutes({
    paths: DEVNET_WALLET_PATHS,
    script: testWalletPageScript({
      info: Object.freeze({ ...wallet.info, ...options.announceAs }),
      globalName: '__devnetWalletHttp',
      bridge: {
        kind: 'http',
        rpcPath: DEVNET_WALLET_PATHS.rpc,
        eventsPath: DEVNET_WALLET_PATHS.events,
      },
      asWindowEthereum: options.asWindowEthereum ?? false,
    }),
    label: 'devnet wallet',
    subscribe: (listener) => wallet.subscribe(listener),
    call: (method, params, origin) => wallet.handle(method, params ?? [], origin),
  })
}
