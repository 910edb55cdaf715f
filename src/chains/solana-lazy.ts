import type { ChainAdapter } from '../core/types/adapter.js'
import type { BlockchainApi, RpcRequest } from '../core/types/services.js'
import { lazyObject } from '../core/utils/lazy-object.js'

declare const require: (id: string) => unknown

/**
 * Solana's chain adapter (`solana/adapter.ts`), with its writer and `@solana/*`: evaluated on its
 * first use (a Solana account, a send) or in the idle warm-up, not while the page loads. The
 * bundler resolves the require at build time (docs/architecture.md, "Short tasks while a page
 * loads").
 */
export function solanaAdapterModule() {
  return require('./solana/adapter.js') as typeof import('./solana/adapter.js')
}

/** The solana chain adapter, made on the first read of anything but its namespace. */
export function createLazySolanaAdapter(parameters: {
  blockchain: BlockchainApi
  rpc: RpcRequest
}): ChainAdapter {
  return lazyObject<ChainAdapter>({ namespace: 'solana' }, () =>
    solanaAdapterModule().createSolanaAdapter(parameters),
  )
}
