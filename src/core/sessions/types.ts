/** One permission of a smart session, reduced to what the kit shows. */
export type SessionPermission =
  | { type: 'contract-call'; contract: string; functions: readonly string[] }
  | { type: 'native-token-recurring-allowance'; allowance: bigint; periodSeconds: number }
  | {
      type: 'erc20-recurring-allowance'
      token: string
      allowance: bigint
      periodSeconds: number
    }
  | { type: 'other'; name: string }

/** A smart session (ERC-7715 permissions) the account granted a site. */
export type SmartSession = {
  /** The permission context id: what a revocation names. */
  pci: string
  /** The site, as the service recorded it (untrusted text and URLs). */
  project: { name: string; url?: string | undefined; iconUrl?: string | undefined }
  /** ms since the epoch. */
  expiry: number
  createdAt: number
  revokedAt?: number | undefined
  permissions: readonly SessionPermission[]
}

/** A session's state now. */
export type SessionState = 'active' | 'expired' | 'revoked'

/** The state of `session` at `now` (ms): revoked wins, then expired. */
export function sessionState(session: SmartSession, now: number): SessionState {
  if (session.revokedAt !== undefined) return 'revoked'
  return session.expiry <= now ? 'expired' : 'active'
}
