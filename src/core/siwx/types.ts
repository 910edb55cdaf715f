import type { CaipAddress, CaipNetworkId } from '../types/caip.js'

/**
 * The fields of a sign-in message (CAIP-122). Times are ISO 8601 strings, as they appear in the
 * message text, so a stored session round-trips through JSON unchanged.
 */
export type SiwxMessageData = {
  /** The page's host (RFC 3986 authority, port included). */
  domain: string
  /** The account, in its canonical form (checksummed for eip155). */
  accountAddress: string
  /** The network the session is bound to, as CAIP-2. */
  chainId: CaipNetworkId
  /** The page's origin: the subject of the sign-in. */
  uri: string
  /** Message version; always '1'. */
  version: '1'
  /** At least 8 alphanumeric characters, fresh for each sign-in. */
  nonce: string
  /** The line shown to the visitor above the fields (never with a line feed). */
  statement?: string | undefined
  /** When the message was made. */
  issuedAt: string
  /** When the session ends. */
  expirationTime?: string | undefined
  /** When the session starts to be valid. */
  notBefore?: string | undefined
}

/** A SIWX session (SPEC §3): the message's data, its text and the wallet's signature of it. */
export type SiwxSession = {
  data: SiwxMessageData
  message: string
  signature: string
}

/** What a host page learns about a session: `getState().session` and the signed-in/out events. */
export type SiwxSessionSummary = {
  caipAddress: CaipAddress
  caipNetworkId: CaipNetworkId
  /** ISO 8601, or null for a session without expiry. */
  expiresAt: string | null
}

/** The account a session is for: the active namespace's connected address on its network. */
export type SiwxTarget = {
  caipNetworkId: CaipNetworkId
  address: string
  caipAddress: CaipAddress
}

/** The public fields of a session. */
export function summarize(session: SiwxSession): SiwxSessionSummary {
  const { chainId, accountAddress, expirationTime } = session.data
  return {
    caipAddress: `${chainId}:${accountAddress}` as CaipAddress,
    caipNetworkId: chainId,
    expiresAt: expirationTime ?? null,
  }
}

/** True for a value shaped like a {@link SiwxSession} (storage and site hooks are untrusted). */
export function isSiwxSession(value: unknown): value is SiwxSession {
  if (!isRecord(value) || !isRecord(value.data)) return false
  const d = value.data
  const optional = (v: unknown) => v === undefined || typeof v === 'string'
  return (
    typeof value.message === 'string' &&
    typeof value.signature === 'string' &&
    typeof d.domain === 'string' &&
    typeof d.accountAddress === 'string' &&
    typeof d.chainId === 'string' &&
    typeof d.uri === 'string' &&
    d.version === '1' &&
    typeof d.nonce === 'string' &&
    typeof d.issuedAt === 'string' &&
    optional(d.statement) &&
    optional(d.expirationTime) &&
    optional(d.notBefore)
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A read-only call to a contract on the account's network (`eth_call`); resolves to its result. */
export type ContractCall = (call: { to: string; data: string }) => Promise<unknown>

/** How a namespace signs a sign-in message and checks a signature (eip155 now; solana slots in). */
export type SiwxSigner = {
  /**
   * Asks the wallet to sign `message` as `address`. Throws SignatureDeclinedError on 4001.
   *
   * @param parameters.wallet - What the namespace signs with: eip155, the kit's message signer
   *   (the chain writer's `personal_sign`); solana, the wallet's provider.
   */
  sign(parameters: { wallet: unknown; message: string; address: string }): Promise<string>
  /** True when `signature` is `address`'s signature of `message`. */
  verify(parameters: {
    message: string
    signature: string
    address: string
    /** For contract accounts (EIP-1271); absent when the network cannot be reached. */
    call: ContractCall | undefined
  }): Promise<boolean>
}
