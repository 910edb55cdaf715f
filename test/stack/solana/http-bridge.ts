import { createWalletHttpRoutes, type WalletHttpRoutes } from '../wallet-http-routes.js'
import { solanaWalletPageScript } from './page-script.js'
import type { SolanaTestWallet } from './wallet.js'

/** Paths served by {@link createDevnetSolanaWalletRoutes}. */
export const DEVNET_SOLANA_WALLET_PATHS = {
  script: '/devnet-solana-wallet.js',
  rpc: '/devnet-solana-wallet/rpc',
  events: '/devnet-solana-wallet/events',
} as const

/**
 * The Solana test wallet over HTTP, for the demo page; mounted at '/devnet-solana-wallet' and
 * '/devnet-solana-wallet.js'.
 */
export type DevnetSolanaWalletRoutes = WalletHttpRoutes

const BINDING = '__devnetSolanaHttp'
const GLOBAL = '__devnetSolana'

/**
 * Serves the Solana test wallet to a page without a Solana wallet: `GET /devnet-solana-wallet.js`
 * (the Wallet Standard wallet, its requests sent over HTTP), `POST /devnet-solana-wallet/rpc`
 * (`{ method, params }` → `{ result } | { error }`, signed in Node on the local SVM) and
 * `GET /devnet-solana-wallet/events` (account changes as Server-Sent Events).
 */
export function createDevnetSolanaWalletRoutes(wallet: SolanaTestWallet): DevnetSolanaWalletRoutes {
  const paths = DEVNET_SOLANA_WALLET_PATHS
  // The page script calls `window[binding](method, params)`: here that is a POST to the rpc path.
  const prelude = `(() => {
  'use strict';
  if (Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(BINDING)})) return;
  const base = document.currentScript ? document.currentScript.src : location.href;
  const post = window.fetch.bind(window);
  Object.defineProperty(window, ${JSON.stringify(BINDING)}, {
    value: async (method, params) => {
      const response = await post(new URL(${JSON.stringify(paths.rpc)}, base).href, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, params }),
      });
      return response.json();
    },
  });
  const source = new EventSource(new URL(${JSON.stringify(paths.events)}, base).href);
  source.onmessage = (message) => {
    const { event, payload } = JSON.parse(message.data);
    const target = window[${JSON.stringify(GLOBAL)}];
    if (target) target.emit(event, payload);
  };
})();
`
  const script =
    prelude +
    solanaWalletPageScript({
      info: wallet.info,
      binding: BINDING,
      globalName: GLOBAL,
      omitFeatures: [],
    })
  return createWalletHttpRoutes({
    paths,
    script,
    label: 'devnet solana wallet',
    subscribe: (listener) => wallet.subscribe(listener),
    call: (method, params) => wallet.handle(method, params ?? {}),
  })
}
