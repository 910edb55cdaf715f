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
