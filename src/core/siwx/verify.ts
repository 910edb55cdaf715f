import { SiwxVerificationError } from './errors.js'
import { formatSiwxMessage } from './message.js'
import { MIN_NONCE_LENGTH } from './nonce.js'
import { isSiwxSession, type SiwxSession, type SiwxTarget } from './types.js'

/** What a session must match: this page, the connected account, the time now. */
export type SiwxExpectation = {
  /** The page the visitor is on: its host is the only domain, its origin the only URI origin. */
  page: URL
  /** The connected account and network. */
  target: SiwxTarget
  /** Milliseconds since the epoch. */
  now: number
  /** For a new sign-in: nonces already used, which may not come back. */
  usedNonces?: ReadonlySet<string> | undefined
}

/** Checks a signature: true when `signature` is the account's over `message`. */
export type SignatureCheck = (session: SiwxSession) => Promise<boolean>

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

const time = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const ms = ISO_TIME.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms))
    throw new SiwxVerificationError('malformed', { details: `Bad time ${value}` })
  return ms
}

const originOf = (uri: string) => {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

/**
 * Checks everything about a session but its signature (SECURITY.md rows 16–17): its shape, the
 * statement, the nonce, that the message is the text of its fields, the domain and URI against the
 * page, the network and address against the connected account, and its validity period.
 *
 * @throws SiwxVerificationError with the first failing check's `reason`.
 */
export function checkSiwxFields(
  session: unknown,
  expected: SiwxExpectation,
): asserts session is SiwxSession {
  if (!isSiwxSession(session)) throw new SiwxVerificationError('malformed')
  const { data } = session
  if (data.statement !== undefined && /[\n\r]/.test(data.statement))
    throw new SiwxVerificationError('statement-line-feed')
  if (data.nonce.length < MIN_NONCE_LENGTH) throw new SiwxVerificationError('nonce-too-short')
  if (!/^[a-zA-Z0-9]+$/.test(data.nonce)) throw new SiwxVerificationError('nonce-invalid')
  if (expected.usedNonces?.has(data.nonce)) throw new SiwxVerificationError('nonce-reused')
  const issuedAt = time(data.issuedAt) as number
  const expiresAt = time(data.expirationTime)
  const notBefore = time(data.notBefore)
  let message: string
  try {
    message = formatSiwxMessage(data)
  } catch (cause) {
    throw new SiwxVerificationError('malformed', { cause })
  }
  if (message !== session.message) throw new SiwxVerificationError('message-mismatch')
  if (data.domain !== expected.page.host) throw new SiwxVerificationError('domain-mismatch')
  if (originOf(data.uri) !== expected.page.origin) throw new SiwxVerificationError('uri-mismatch')
  if (data.chainId !== expected.target.caipNetworkId)
    throw new SiwxVerificationError('chain-mismatch')
  if (data.accountAddress !== expected.target.address)
    throw new SiwxVerificationError('address-mismatch')
  if (issuedAt > expected.now || (notBefore !== undefined && notBefore > expected.now))
    throw new SiwxVerificationError('not-yet-valid')
  if (expiresAt !== undefined && expiresAt <= expected.now)
    throw new SiwxVerificationError('expired')
}

/**
 * Verifies a session completely: {@link checkSiwxFields}, then the signature.
 *
 * @param session - Untrusted: a new sign-in, or a session read back from storage or the site.
 * @param expected - The page, the connected account, the time, the used nonces.
 * @param checkSignature - The namespace's signature check, or the site's `verify` hook.
 * @returns The session, typed.
 * @throws SiwxVerificationError with the failing check's `reason` ('signature-mismatch' when the
 *   signature is not the account's).
 */
export async function verifySiwxSession(
  session: unknown,
  expected: SiwxExpectation,
  checkSignature: SignatureCheck,
): Promise<SiwxSession> {
  checkSiwxFields(session, expected)
  let valid: boolean
  try {
    valid = await checkSignature(session)
  } catch (cause) {
    if (cause instanceof SiwxVerificationError) throw cause
    throw new SiwxVerificationError('signature-mismatch', { cause })
  }
  if (!valid) throw new SiwxVerificationError('signature-mismatch')
  return session
}
