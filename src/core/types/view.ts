import type { ChainNamespace } from './caip.js'
import type { WalletEntry } from './wallet.js'

/** The spec's eight views (SPEC §2). */
export const SPEC_VIEWS = [
  'Connect',
  'Account',
  'ConnectingWalletConnectBasic',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'ConnectingSiwe',
  'ConnectingFarcaster',
] as const

/** Views the product needs beside the spec's. */
export const PRODUCT_VIEWS = [
  'ConnectWallets',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'Networks',
  'Swap',
  'SwapPreview',
  'OnRamp',
  'Transactions',
  'Send',
  'Receive',
  'RegisterName',
  'SmartSessions',
  'WhatIsAWallet',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'ConnectingSocial',
] as const

/** Every view the router knows, as one union. */
export type View = (typeof SPEC_VIEWS)[number] | (typeof PRODUCT_VIEWS)[number]

/**
 * The data a view is opened with, per view; a view not listed takes none. `router.push('Send',
 * { token, to })` type-checks, `router.push('Send', { tokn })` or `router.push('Account', {})`
 * does not. A view that needs data adds its entry here.
 */
export type RouteDataMap = {
  /** The namespace tab the visitor picked, when it has no wallet (`core/namespace-tab.ts`). */
  Account: { namespace?: ChainNamespace | undefined }
  /** The namespace tab the visitor picked, when it has no wallet. */
  Networks: { namespace?: ChainNamespace | undefined }
  /** The namespace whose wallets Connect lists (a namespace tab, `kit.open({ namespace })`). */
  Connect: { namespace?: ChainNamespace | undefined }
  /** Connect's wallets alone, behind "Continue with a wallet" (`features.collapseWallets`). */
  ConnectWallets: { namespace?: ChainNamespace | undefined }
  /** The wallet being connected: its catalogue entry and/or its installed connector. */
  ConnectingExternal: { wallet?: WalletEntry | undefined; connectorId?: string | undefined }
  /** The wallet being connected over WalletConnect (none: the plain QR code). */
  ConnectingWalletConnect: { wallet?: WalletEntry | undefined; connectorId?: string | undefined }
  /** A transfer to preset: the token (its address, or `native`), the recipient, the amount. */
  Send: { token?: string | undefined; to?: string | undefined; amount?: string | undefined }
}

/** The data of view `V` (undefined for a view that takes none). */
export type RouteData<V extends View> = V extends keyof RouteDataMap
  ? Readonly<RouteDataMap[V]>
  : undefined

/** What follows the view name in `push`, `replace`, `open` and `reset`: the view's data, if it takes any. */
export type RouteArgs<V extends View> = V extends keyof RouteDataMap ? [data?: RouteData<V>] : []

/** Views a host page may open with `kit.open({ view })` (DESIGN §2). */
export const OPENABLE_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'Networks',
  'ConnectingWalletConnectBasic',
  'Swap',
  'OnRamp',
  'Transactions',
  'Send',
  'Receive',
  'RegisterName',
  'SmartSessions',
] as const satisfies readonly View[]

/** A view a host page may open directly. */
export type OpenableView = (typeof OPENABLE_VIEWS)[number]

/** True when `value` names a view a host page may open. */
export function isOpenableView(value: unknown): value is OpenableView {
  return typeof value === 'string' && (OPENABLE_VIEWS as readonly string[]).includes(value)
}
