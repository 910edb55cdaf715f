import { errorClass, WalletKitError } from './base.js'

/** The type of {@link ConnectAbortedError}. */
export type ConnectAbortedErrorType = ConnectAbortedError & { name: 'ConnectAbortedError' }

/**
 * A connect attempt was abandoned before the wallet answered: the visitor left its connecting view
 * or closed the modal. Nothing failed, so nothing is shown to the visitor.
 */
export class ConnectAbortedError extends WalletKitError {
  constructor() {
    super('The connection was cancelled.', {
      name: 'ConnectAbortedError',
      details: 'The visitor left the connecting view before the wallet answered.',
    })
  }
}

/** The type of {@link SwitchChainUnavailableError}. */
export type SwitchChainUnavailableErrorType = SwitchChainUnavailableError & {
  name: 'SwitchChainUnavailableError'
}

/**
 * The wallet lives on one network and cannot switch from the site: a Safe is a contract on its
 * own network, and the visitor changes networks in the Safe web wallet instead.
 */
export class SwitchChainUnavailableError extends WalletKitError {
  constructor({ wallet, current }: { wallet: string; current: string }) {
    super(`${wallet} stays on its own network here. Switch networks in ${wallet}.`, {
      name: 'SwitchChainUnavailableError',
      details: `The account is on ${current}.`,
    })
  }
}

/** The type of {@link DisconnectError}. */
export type DisconnectErrorType = DisconnectError & { name: 'DisconnectError' }

/** The wallet refused or failed to end the session; the connection is kept. */
export const DisconnectError = errorClass('DisconnectError', 'Failed to disconnect')
/** The type of {@link DisconnectError}. */
export type DisconnectError = InstanceType<typeof DisconnectError>

/** The type of {@link WalletConnectStartError}. */
export type WalletConnectStartErrorType = WalletConnectStartError & {
  name: 'WalletConnectStartError'
}

/** WalletConnect's packages or its relay client could not be set up. */
export const WalletConnectStartError = errorClass(
  'WalletConnectStartError',
  'WalletConnect could not start.',
)
/** The type of {@link WalletConnectStartError}. */
export type WalletConnectStartError = InstanceType<typeof WalletConnectStartError>

/** The type of {@link UnsafeWalletLinkError}. */
export type UnsafeWalletLinkErrorType = UnsafeWalletLinkError & { name: 'UnsafeWalletLinkError' }

/** A wallet's link from the catalogue is not safe to follow (SECURITY.md); it was not opened. */
export const UnsafeWalletLinkError = errorClass(
  'UnsafeWalletLinkError',
  'This wallet’s link is not safe and was not opened. Scan the QR code instead.',
)
/** The type of {@link UnsafeWalletLinkError}. */
export type UnsafeWalletLinkError = InstanceType<typeof UnsafeWalletLinkError>
