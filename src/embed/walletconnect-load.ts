import { loadUniversalProvider, type ProviderFactory } from '../connectors/walletconnect/index.js'

/**
 * Loads WalletConnect's packages, then builds the relay key's Ed25519 base-point table in a task of
 * its own (`shims/relay-auth.ts`), before the client starts. Built on the key's first use instead,
 * it would lengthen the task that derives the client id by about two thirds: at 4× CPU slowdown
 * that task went past 50 ms (docs/phones.md). The shim is imported here, not at startup: nothing of
 * WalletConnect runs before a visitor needs it.
 */
export async function loadWalletConnect(): Promise<ProviderFactory> {
  const factory = await loadUniversalProvider()
  ;(await import('./shims/relay-auth.js')).prepareCurve()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return factory
}
