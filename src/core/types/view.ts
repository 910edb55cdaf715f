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
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'Networks',
  'Swap',
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
