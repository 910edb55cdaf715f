/** A WalletConnect pairing proposed ahead of the visitor's tap (on a phone, while Connect shows). */
export type PreparedPairing = {
  /** The `wc:` URI, once the relay has taken the proposal; rejects when the proposal failed first. */
  readonly uri: Promise<string>
  /** Settles when the proposal ends: the wallet approved (resolves) or declined, or it expired. */
  readonly approved: Promise<void>
  /** When it was proposed (ms since the epoch): it lasts PAIRING_LIFETIME_MS from then (SPEC §4). */
  readonly createdAt: number
}

/** What the phone flow needs from the WalletConnect connector. */
export type PairingPreparer = {
  /** Proposes a session now, in the background: no connect attempt, no change of status. */
  propose(): PreparedPairing
  /** The next connect waits for this proposal's approval instead of proposing another. */
  adopt(pairing: PreparedPairing): void
  /**
   * After a reload: waits up to `timeoutMs` for the session of a proposal a wallet was opened
   * with before the page was unloaded.
   *
   * @returns True once that session is live (the connector is then authorised).
   */
  awaitSession(timeoutMs: number): Promise<boolean>
}
