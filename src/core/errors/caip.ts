import { WalletKitError } from './base.js'

/** The type of {@link InvalidCaipError}. */
export type InvalidCaipErrorType = InvalidCaipError & { name: 'InvalidCaipError' }

/** A CAIP address or network id breaks SPEC §5. Visitor text: 'Invalid CAIP Address'. */
export class InvalidCaipError extends WalletKitError {
  constructor({ value, reason }: { value: unknown; reason: string }) {
    super('Invalid CAIP Address', {
      name: 'InvalidCaipError',
      details: `${JSON.stringify(value)}: ${reason}`,
    })
  }
}

/** The type of {@link ChainAdapterNotFoundError}. */
export type ChainAdapterNotFoundErrorType = ChainAdapterNotFoundError & {
  name: 'ChainAdapterNotFoundError'
}

/** No chain adapter is registered for a namespace. Visitor text: 'Chain adapter not found'. */
export class ChainAdapterNotFoundError extends WalletKitError {
  constructor({ namespace }: { namespace: string }) {
    super('Chain adapter not found', { name: 'ChainAdapterNotFoundError', details: namespace })
  }
}
