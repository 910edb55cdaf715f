export {
  type ConvertControl,
  createConvertRoutes,
  type TamperField,
  type TamperPath,
  type TamperSpec,
} from './convert.js'
export { FALLBACK_SWAP_GAS, INSUFFICIENT_LIQUIDITY } from './convert-chain.js'
export {
  IDENTITY_FIXTURES,
  type Identity,
  identityOf,
  svgDataUri,
  tokenIconUrl,
} from './fixtures.js'
export {
  encodeCursor,
  HISTORY_PAGE_SIZE,
  type HistorySettings,
  historyRoute,
} from './history/route.js'
export { createTokenBook, type TokenBook, type TokenInfo } from './history/tokens.js'
export type { HistoryItem, HistoryTransfer, IndexedItem } from './history/types.js'
export {
  type BalanceItem,
  createEip155Namespace,
  type FungiblePrice,
  NATIVE_TOKEN_ADDRESS,
  type NamespaceHandler,
} from './namespaces.js'
export { type ChainPrices, readPrices, USD_ANCHOR_SYMBOL, WRAPPED_NATIVE_SYMBOL } from './prices.js'
export { coinTypeOf, fixtureProfile, PROFILE_ROUTES } from './profile.js'
export { ROUTES, type Route, type RouteContext } from './routes.js'
export { createRpcProxyRoute } from './rpc-proxy.js'
export { type BlockchainApi, type BlockchainApiOptions, startBlockchainApi } from './server.js'
export * from './sessions/index.js'
