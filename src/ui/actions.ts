import type { Kit } from '../core/kit.js'
import { isPairingConnector, type PairingConnector } from '../core/pairing.js'
import { type Connector, isMarked } from '../core/types/connector.js'
import type { WalletEntry } from '../core/types/wallet.js'
import { isLookalike } from '../core/utils/lookalike.js'

/** The installed connector for a catalogue wallet, matched by rdns (none when two claim it). */
export function installedConnectorFor(kit: Kit, wallet: WalletEntry): Connector | undefined {
  // By rdns (EIP-6963); wallets without one (Wallet Standard) by the catalogue entry they match.
  const matches = wallet.rdns
    ? kit.connectors.value.filter((c) => c.rdns === wallet.rdns)
    : kit.connectors.value.filter((c) => !c.rdns && kit.catalogMatch(c)?.id === wallet.id)
  return matches.length === 1 ? matches[0] : undefined
}

/**
 * True when an installed wallet must be marked: another wallet shares its name (as a reader sees
 * it), its rdns or its uuid, or its name looks like a known wallet's (one announced, or a catalogue
 * wallet loaded so far) without being it.
 */
export function isSuspicious(kit: Kit, connector: Connector): boolean {
  if (isMarked(connector.flags)) return true
  const { wallets } = kit
  const known = [wallets.featured, wallets.recommended, wallets.recent, wallets.all].flatMap((l) =>
    l.value.map((w) => w.name),
  )
  return isLookalike(connector.name, known)
}

/** The WalletConnect connector, when the site offers WalletConnect. */
export function walletConnectConnector(kit: Kit): PairingConnector | undefined {
  return kit.connectors.value.find(isPairingConnector)
}

/**
 * Opens a wallet's connecting view: through its installed connector when there is one, else over
 * WalletConnect when the wallet supports it. Call it from the visitor's click: on a phone the
 * wallet's link opens in it.
 */
export function selectWallet(kit: Kit, wallet: WalletEntry): void {
  const connector = installedConnectorFor(kit, wallet)
  const walletConnect = connector ? undefined : walletConnectConnector(kit)
  // A recent entry for WalletConnect itself (no catalogue wallet) opens its QR code.
  if (walletConnect && wallet.id === walletConnect.id) {
    kit.router.push('ConnectingWalletConnect', { connectorId: walletConnect.id })
    return
  }
  if (walletConnect && wallet.supports_wc) {
    // On a phone the wallet's link opens here, inside the tap, with the pairing prepared for it.
    kit.phone.openInTap(wallet)
    kit.router.push('ConnectingWalletConnect', { wallet })
    void kit.analytics.track('SELECT_WALLET', {
      name: wallet.name,
      platform: walletConnect.pairing.isMobile() ? 'mobile' : 'qrcode',
    })
    return
  }
  kit.router.push(
    'ConnectingExternal',
    connector ? { wallet, connectorId: connector.id } : { wallet },
  )
  void kit.analytics.track('SELECT_WALLET', {
    name: wallet.name,
    platform: connector ? 'browser' : 'mobile',
  })
}

/** Opens an installed wallet's connecting view. */
export function selectConnector(kit: Kit, connector: Connector): void {
  kit.router.push('ConnectingExternal', { connectorId: connector.id })
  void kit.analytics.track('SELECT_WALLET', { name: connector.name, platform: 'browser' })
}

/** The wallet a connecting view was opened for. */
export function routeWallet(kit: Kit): WalletEntry | undefined {
  return (
    kit.router.dataOf('ConnectingExternal')?.wallet ??
    kit.router.dataOf('ConnectingWalletConnect')?.wallet
  )
}

/** The connector a connecting view was opened for. */
export function routeConnector(kit: Kit): Connector | undefined {
  const id =
    kit.router.dataOf('ConnectingExternal')?.connectorId ??
    kit.router.dataOf('ConnectingWalletConnect')?.connectorId
  return id === undefined ? undefined : kit.connectors.value.find((c) => c.id === id)
}

/** The title of a connecting view: the wallet's or the connector's name. */
export function routeName(kit: Kit): string {
  return routeConnector(kit)?.name ?? routeWallet(kit)?.name ?? ''
}
