import type { ErrorName } from './error-name.js'

/** Parameters every WalletKit error takes. */
export type WalletKitErrorParameters = {
  /** Extra detail for developers; not shown to visitors. */
  details?: string | undefined
  /** Path of the documentation page about this failure. */
  docsPath?: string | undefined
  /** Lines appended to the message, for developers. */
  metaMessages?: string[] | undefined
  /** The error that caused this one. */
  cause?: unknown
  /** Overrides the class's name (used by subclasses): one of {@link ErrorName}. */
  name?: ErrorName | undefined
}

/** The type of {@link WalletKitError}. */
export type WalletKitErrorType = WalletKitError & { name: 'WalletKitError' }

/**
 * Base of every error WalletKit throws. `shortMessage` is what a visitor sees; `message` adds the
 * details and meta lines a developer needs.
 *
 * @example
 * throw new WalletKitError('Invalid CAIP Address', { details: 'eip155:1' })
 */
export class WalletKitError extends Error {
  /** What a visitor sees: the spec's text, word for word. */
  readonly shortMessage: string
  /** Developer detail. */
  readonly details: string | undefined
  /** Documentation path. */
  readonly docsPath: string | undefined
  /** Extra developer lines. */
  readonly metaMessages: string[] | undefined
  override name: ErrorName = 'WalletKitError'

  constructor(shortMessage: string, parameters: WalletKitErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof WalletKitError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : undefined)
    const message = [
      shortMessage,
      ...(parameters.metaMessages ? ['', ...parameters.metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
      ...(parameters.docsPath ? [`Docs: ${parameters.docsPath}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
    if (parameters.name) this.name = parameters.name
  }

  /**
   * Walks the `cause` chain and returns the deepest error, or the first for which `fn` is true.
   *
   * @param fn - Optional predicate.
   * @returns The matching error, or null when `fn` matches none.
   */
  walk(fn?: (error: unknown) => boolean): unknown {
    return walk(this, fn)
  }
}

/**
 * An error class of a fixed `name` and visitor's text (SPEC §8, word for word), whose one parameter,
 * when given, is the cause. Most of the kit's failures are no more than that; one factory instead of
 * a class each keeps the file smaller.
 *
 * @example
 * export const HistoryFetchError = errorClass('HistoryFetchError', 'Failed to fetch transactions')
 * export type HistoryFetchError = InstanceType<typeof HistoryFetchError>
 */
export function errorClass(name: ErrorName, text: string) {
  return class extends WalletKitError {
    constructor(cause?: unknown) {
      super(text, { name, cause })
    }
  }
}

function walk(error: unknown, fn?: (error: unknown) => boolean): unknown {
  if (fn?.(error)) return error
  if (error && typeof error === 'object' && 'cause' in error && error.cause !== undefined)
    return walk(error.cause, fn)
  return fn ? null : error
}
