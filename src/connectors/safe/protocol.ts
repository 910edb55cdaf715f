/**
 * The Safe Apps message protocol, as the Safe web wallet speaks it to an app in its iframe: the app
 * posts `{ id, method, params, env: { sdkVersion } }` to the parent; the parent answers
 * `{ id, success: true, data, version }` or `{ id, success: false, error, version }`. Checked
 * against `@safe-global/safe-apps-sdk` in the unit tests.
 */

/** The SDK version the kit speaks; the Safe web wallet reads it from `env.sdkVersion`. */
export const SAFE_SDK_VERSION = '9.1.0'

/** Methods of the protocol the kit uses. */
export type SafeMethod =
  | 'getSafeInfo'
  | 'getChainInfo'
  | 'rpcCall'
  | 'sendTransactions'
  | 'signMessage'
  | 'signTypedMessage'
  | 'getTxBySafeTxHash'

/** A request to the parent. */
export type SafeRequest = {
  id: string
  method: SafeMethod
  params: unknown
  env: { sdkVersion: string }
}

/** The parent's answer, after its shape was checked. */
export type SafeResponse =
  | { id: string; success: true; data: unknown; version: string | undefined }
  | { id: string; success: false; error: string; version: string | undefined }

/** The Safe as `getSafeInfo` describes it, after its fields were checked. */
export type SafeInfo = Readonly<{
  safeAddress: `0x${string}`
  chainId: number
  owners: readonly `0x${string}`[]
  threshold: number
  isReadOnly: boolean
}>

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ID = /^[0-9a-f]{20}$/

/**
 * A request id: 10 random bytes as hex (the SDK uses 5), so an answer cannot be forged by guessing
 * it; each is answered once, so a replay is ignored.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Builds a request for the parent. */
export function makeSafeRequest(method: SafeMethod, params: unknown): SafeRequest {
  return { id: newRequestId(), method, params, env: { sdkVersion: SAFE_SDK_VERSION } }
}

/**
 * Reads an answer from the parent, or undefined when it is not one: an object with a request id
 * of the kit's form, a boolean `success`, and `data` or an `error` string. A `version` whose major
 * number is below 1 is refused, as the SDK does.
 */
export function parseSafeResponse(value: unknown): SafeResponse | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'string' || !ID.test(v.id) || typeof v.success !== 'boolean') return undefined
  let version: string | undefined
  if (v.version !== undefined) {
    if (typeof v.version !== 'string') return undefined
    const major = Number.parseInt(v.version.split('.')[0] ?? '', 10)
    if (!(major >= 1)) return undefined
    version = v.version
  }
  if (v.success) return { id: v.id, success: true, data: v.data, version }
  return {
    id: v.id,
    success: false,
    error: typeof v.error === 'string' ? v.error.slice(0, 500) : 'The Safe refused the request.',
    version,
  }
}

/** Checks `getSafeInfo`'s answer; undefined when it does not describe a Safe. */
export function parseSafeInfo(value: unknown): SafeInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const v = value as Record<string, unknown>
  const chainId = v.chainId
  if (typeof v.safeAddress !== 'string' || !ADDRESS.test(v.safeAddress)) return undefined
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0)
    return undefined
  const owners = Array.isArray(v.owners)
    ? v.owners.filter((o): o is `0x${string}` => typeof o === 'string' && ADDRESS.test(o))
    : []
  return Object.freeze({
    safeAddress: v.safeAddress as `0x${string}`,
    chainId,
    owners: Object.freeze(owners),
    threshold: typeof v.threshold === 'number' ? v.threshold : 1,
    isReadOnly: v.isReadOnly === true,
  })
}
