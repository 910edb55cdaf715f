import { WalletKitError } from './base.js'

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
