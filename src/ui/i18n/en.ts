/** English: the source of every visible text. Other locales are typed against it. */
export const en = {
  'modal.label': 'Connect a wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.help': 'What is a wallet?',
  'view.Connect': 'Connect Wallet',
  'view.Account': 'Account',
  'view.AllWallets': 'All Wallets',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': '{name}',
  'view.ConnectingWalletConnectBasic': 'Connect Wallet',
  'view.Networks': 'Choose Network',
  'view.UnsupportedChain': 'Switch Network',
  'view.WhatIsAWallet': 'What is a wallet?',
  'view.default': 'WalletKit',
  'connect.allWallets': 'All Wallets',
  'connect.walletCount': '{count}+',
  'connect.recent': 'Recent',
  'connect.installed': 'Installed',
  'connect.certified': 'Certified',
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
  'allWallets.results': '{count} wallets',
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
  'unavailable.body': 'This part of WalletKit is not available in this version.',
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
} as const

/** A text key. */
export type MessageKey = keyof typeof en

/** A locale: every key of English, each a string. */
export type Messages = { readonly [K in MessageKey]: string }
