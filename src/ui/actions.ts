import type { Kit } from '../core/kit.js'
import type { WalletEntry } from '../core/types/wallet.js'

/** Opens a wallet's connecting view. */
export function selectWallet(kit: Kit, wallet: WalletEntry): void {
  kit.router.push('ConnectingExternal', { wallet })
  void kit.analytics.track('SELECT_WALLET', { name: wallet.name, platform: 'browser' })
}

/** The wallet a connecting view was opened for. */
export function routeWallet(kit: Kit): WalletEntry | undefined {
  const wallet = kit.router.data.value?.wallet
  return wallet && typeof wallet === 'object' ? (wallet as WalletEntry) : undefined
}
