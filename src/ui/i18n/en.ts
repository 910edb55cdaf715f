/**
 * English: the source of every visible text, and the only locale inside walletkit.js. Other
 * locales are typed against it (`src/ui/i18n/locales/<tag>.ts`, see docs/i18n.md). A text that
 * depends on a count is a {@link Plural}: its `other` form is required, the others follow
 * `Intl.PluralRules` of the locale.
 */
export const en = {
  'modal.label': 'Connect a wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.help': 'What is a wallet?',
  'view.Connect': 'Connect Wallet',
  'view.AllWallets': 'All Wallets',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': '{name}',
  'view.ConnectingWalletConnectBasic': 'Connect Wallet',
  'view.Networks': 'Choose Network',
  'view.Account': 'Account',
  'view.UnsupportedChain': 'Switch Network',
  'view.WhatIsAWallet': 'What is a wallet?',
  'view.SIWXSignMessage': 'Sign In',
  'view.ConnectingSiwe': 'Sign In',
  'view.default': 'WalletKit',
  'connect.allWallets': 'All Wallets',
  'connect.walletCount': '{count}+',
  'connect.recent': 'Recent',
  'connect.installed': 'Installed',
  'connect.certified': 'Certified',
  'connect.lookalike': 'Look-alike',
  'connect.loadError': 'Wallets could not be loaded.',
  'connect.retry': 'Try again',
  'connect.legal': 'By connecting your wallet, you agree to our {terms} and {privacy}.',
  'connect.terms': 'Terms of Service',
  'connect.privacy': 'Privacy Policy',
  'connect.noWallets': 'No wallets are available for these networks.',
  'allWallets.search': 'Search wallet',
  'allWallets.searchLabel': 'Search wallets by name',
  'allWallets.empty': 'No wallet found for “{query}”.',
  'allWallets.emptyAll': 'No wallets to show.',
  'allWallets.error': 'The wallet list could not be loaded.',
  'allWallets.loading': 'Loading wallets',
  'allWallets.results': { one: '{count} wallet', other: '{count} wallets' },
  'connecting.unavailable': '{name} cannot connect yet',
  'connecting.unavailableDetail':
    'Connecting to this wallet is not available in this version of the kit. Choose another way to connect, or visit the wallet’s website.',
  'connecting.website': 'Open website',
  'connecting.getWallet': 'Get {name}',
  'basic.title': 'Connect with a wallet app',
  'basic.unavailable': 'Scanning a QR code is not available yet; choose a wallet below.',
  'wallet.image': '{name} logo',
  'wallet.fallbackImage': 'Wallet',
  'help.title': 'What is a wallet?',
  'help.body':
    'A wallet lets you hold and send digital assets and sign in to apps with one account, instead of a new password for every site.',
  'help.getWallet': 'Get a wallet',
  'toast.close': 'Dismiss',
  'connecting.waiting': 'Continue in {name}',
  'connecting.waitingDetail': 'Accept the connection request in the wallet.',
  'connecting.declined': 'Connection declined',
  'connecting.declinedDetail': 'The connection was declined in the wallet.',
  'connecting.pending': 'A request is already open',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  'connecting.duplicate': 'Another wallet uses this name',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.explorer': 'View on explorer',
  'account.disconnect': 'Disconnect',
  'account.network': 'Network: {name}',
  'account.connector': 'Connected with {name}',
  'account.tokens': 'Tokens',
  'account.noTokens': 'No tokens on this network.',
  'account.balanceLoading': 'Loading balance',
  'account.balanceUnavailable': 'Balance unavailable',
  'account.avatar': 'Avatar of {name}',
  'account.notConnected': 'No {chain} wallet is connected.',
  'account.connectNamespace': 'Connect a {chain} wallet',
  'namespace.label': 'Chains',
  'namespace.connected': 'connected',
  'namespace.eip155': 'EVM',
  'namespace.solana': 'Solana',
  'namespace.bip122': 'Bitcoin',
  'namespace.polkadot': 'Polkadot',
  'networks.current': 'Current',
  'networks.switching': 'Approve the switch in your wallet',
  'networks.failed': 'The network could not be switched: {reason}',
  'unsupported.title': 'This network is not supported',
  'unsupported.body':
    'Your wallet is on a network this site does not support. Switch to one of these networks or disconnect.',
  'disconnect.failed': 'Failed to disconnect',
  'unavailable.body': 'This part of WalletKit is not available in this version.',
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'wc.entry': 'WalletConnect',
  'wc.entryTag': 'QR code',
  'wc.scan': 'Scan this QR code with your phone’s wallet',
  'wc.scanWallet': 'Scan this QR code with {name}',
  'wc.qrLabel': 'QR code to connect a wallet',
  'wc.preparing': 'Preparing a QR code…',
  'wc.expiresIn': 'New QR code in {time}',
  'wc.copy': 'Copy link',
  'wc.copied': 'Link copied',
  'wc.copyFailed': 'The link could not be copied',
  'wc.open': 'Open {name}',
  'wc.openApp': 'Continue in {name}',
  'wc.openAppDetail': 'Accept the connection in the wallet, then come back here.',
  'wc.linkBlocked': 'This wallet’s link is not safe and was not opened. Scan the QR code instead.',
  'wc.rejected': 'Connection declined',
  'wc.rejectedDetail': 'The connection was declined in the wallet.',
  'wc.unreachable': 'Cannot reach WalletConnect',
  'wc.expired': 'QR code expired',
  'wc.failed': 'Connection failed',
  'wc.retry': 'Try again',
  'wc.newQr': 'Get a new QR code',
  'wc.connected': 'Connected',
  'wc.unavailable': 'WalletConnect is turned off on this site.',
  'basic.scan': 'Scan with a wallet app, or choose one below.',
  'siwx.title': 'Sign in to {site}',
  'siwx.body':
    'Sign a message in your wallet to prove that this account is yours. Signing is free and sends no transaction.',
  'siwx.checking': 'Checking your sign-in…',
  'siwx.signing': 'Approve the message in your wallet',
  'siwx.requiredNote': 'This site needs you to sign in. Cancelling disconnects your wallet.',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.skip': 'Skip',
  'siwx.failed': 'Sign-in failed',
  // The spec's error texts (SPEC §8), word for word: a toast or banner showing one of them is
  // translated by its English text (see textKey()).
  'error.invalidAppConfiguration': 'Invalid App Configuration',
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.swapInit': 'Failed to initialize swap',
  'error.tokenPrice': 'Failed to fetch network token price',
  'error.allowance': 'Failed to check allowance',
  'error.approval': 'Failed to create approval transaction',
  'error.transactionCreate': 'Failed to create transaction',
  'error.transactions': 'Failed to fetch transactions',
  'error.transaction': 'Transaction error',
  'error.signatureDeclined': 'Signature declined',
  'error.smartAccounts': 'This application might not support Smart Accounts',
  'error.authInit': 'A problem occurred while trying initialize authentication',
  'error.incorrectAmount': 'Incorrect amount',
  'error.validAmount': 'Please enter a valid amount',
} as const

/** A text key. */
export type MessageKey = keyof typeof en

/** The forms of a text that depends on a count, by `Intl.PluralRules` category. */
export type Plural = {
  readonly zero?: string
  readonly one?: string
  readonly two?: string
  readonly few?: string
  readonly many?: string
  readonly other: string
}

/**
 * A locale: every key of English, no other; a plain text where English has one, a {@link Plural}
 * where English has one.
 */
export type Messages = {
  readonly [K in MessageKey]: (typeof en)[K] extends string ? string : Plural
}
