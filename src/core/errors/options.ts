import { errorClass, WalletKitError } from './base.js'

/** The type of {@link InvalidOptionError}. */
export type InvalidOptionErrorType = InvalidOptionError & { name: 'InvalidOptionError' }

/**
 * An option given to `init()` is unknown, of the wrong type or malformed. The message names the key
 * and what was expected.
 */
export class InvalidOptionError extends WalletKitError {
  /** The option path, e.g. `features.socials`. */
  readonly key: string
  constructor({ key, expected, received }: { key: string; expected: string; received?: unknown }) {
    super(`Invalid option "${key}": expected ${expected}${describe(received)}.`, {
      name: 'InvalidOptionError',
      docsPath: '/options',
    })
    this.key = key
  }
}

/** The type of {@link UnknownOptionError}. */
export type UnknownOptionErrorType = UnknownOptionError & { name: 'UnknownOptionError' }

/** An option key that WalletKit does not know. */
export class UnknownOptionError extends WalletKitError {
  /** The unknown key. */
  readonly key: string
  constructor({ key, known }: { key: string; known: readonly string[] }) {
    super(`Unknown option "${key}": expected one of ${known.join(', ')}.`, {
      name: 'UnknownOptionError',
      docsPath: '/options',
    })
    this.key = key
  }
}

/** The type of {@link AlreadyInitializedError}. */
export type AlreadyInitializedErrorType = AlreadyInitializedError & {
  name: 'AlreadyInitializedError'
}

/** `init()` was called again with different options while an instance is alive. */
export const AlreadyInitializedError = errorClass(
  'AlreadyInitializedError',
  'WalletKit is already initialized with different options: call kit.destroy() before init() again.',
)
/** The type of {@link AlreadyInitializedError}. */
export type AlreadyInitializedError = InstanceType<typeof AlreadyInitializedError>

/** The type of {@link KitDestroyedError}. */
export type KitDestroyedErrorType = KitDestroyedError & { name: 'KitDestroyedError' }

/** A method was called on a kit after `destroy()`. */
export const KitDestroyedError = errorClass(
  'KitDestroyedError',
  'This WalletKit instance was destroyed: call WalletKit.init() again.',
)
/** The type of {@link KitDestroyedError}. */
export type KitDestroyedError = InstanceType<typeof KitDestroyedError>

/** The type of {@link AlreadyEmbeddedError}. */
export type AlreadyEmbeddedErrorType = AlreadyEmbeddedError & { name: 'AlreadyEmbeddedError' }

/** `mount()` (or a `<walletkit-embed>`) while the kit is already shown in another element. */
export const AlreadyEmbeddedError = errorClass(
  'AlreadyEmbeddedError',
  'WalletKit is already embedded in another element: unmount it (or remove that <walletkit-embed>) first.',
)
/** The type of {@link AlreadyEmbeddedError}. */
export type AlreadyEmbeddedError = InstanceType<typeof AlreadyEmbeddedError>

/** The type of {@link UnknownViewError}. */
export type UnknownViewErrorType = UnknownViewError & { name: 'UnknownViewError' }

/** `open({ view })` named a view that cannot be opened directly. */
export class UnknownViewError extends WalletKitError {
  constructor({ view, allowed }: { view: unknown; allowed: readonly string[] }) {
    super(`Cannot open view ${JSON.stringify(view)}: expected one of ${allowed.join(', ')}.`, {
      name: 'UnknownViewError',
    })
  }
}

function describe(value: unknown): string {
  if (value === undefined) return ', received undefined'
  if (value === null) return ', received null'
  if (Array.isArray(value)) return ', received an array'
  if (typeof value === 'string')
    return `, received "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  if (typeof value === 'object') return ', received an object'
  return `, received ${typeof value} ${String(value)}`
}

/** The type of {@link InvalidAppConfigurationError}. */
export type InvalidAppConfigurationErrorType = InvalidAppConfigurationError & {
  name: 'InvalidAppConfigurationError'
}

/** The analytics service refused this page's origin (403): the project's allowlist lacks it. */
export const InvalidAppConfigurationError = errorClass(
  'InvalidAppConfigurationError',
  'Invalid App Configuration',
)
/** The type of {@link InvalidAppConfigurationError}. */
export type InvalidAppConfigurationError = InstanceType<typeof InvalidAppConfigurationError>

/** The type of {@link ClipboardError}. */
export type ClipboardErrorType = ClipboardError & { name: 'ClipboardError' }

/** The page may not write to the clipboard (no clipboard, or the browser refused). */
export const ClipboardError = errorClass('ClipboardError', 'The text could not be copied.')
/** The type of {@link ClipboardError}. */
export type ClipboardError = InstanceType<typeof ClipboardError>

/** The type of {@link SiwxNotEnabledError}. */
export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }
/** `signIn()` or `signOut()` without the `siwx` option (SPEC §8). */
export class SiwxNotEnabledError extends WalletKitError {
  constructor() {
    super('SIWX is not enabled', {
      name: 'SiwxNotEnabledError',
      details: 'Pass the `siwx` option to `WalletKit.init()` to use sign-in.',
      docsPath: '/options#siwx',
    })
  }
}
