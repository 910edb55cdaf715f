import type { WalletConnectProvider } from './provider.js'

/**
 * Ends every session proposal no wallet answered and every pairing no wallet joined: called just
 * before a new proposal, whose `connect()` unsubscribes those pairings anyway (a QR code left is
 * answerable until the next one is proposed; a late scan of it before then is ended by the page).
 *
 * Without it each abandoned QR code stays in WalletConnect's stores until its proposal expires
 * (5 minutes) and its history record for 30 days: its pending `connect()` with a timer, a
 * `proposal_expire` listener, the proposal, its pairing and their two keys, two expiry entries and
 * the history record; each store is written whole on every change, so hundreds of them cost
 * O(N²) in writes when they expire together (issue 31 G4, `docs/benchmarks.md`).
 *
 * The ends go through the client's own paths: an expiry set to now removes a proposal and rejects
 * its `connect()` (as at the end of its 5 minutes), and removes a pairing with its key and
 * subscription; the proposer's key pair and the history records of topics the client no longer
 * knows are deleted with the core's own calls.
 */
export function endUnusedPairings(provider: WalletConnectProvider): void {
  const { client } = provider
  const { core } = client
  const joined = new Set(core.pairing.pairings.getAll({ active: true }).map((p) => p.topic))
  for (const proposal of client.proposal.getAll()) {
    if (joined.has(proposal.pairingTopic)) continue
    core.expirer.set(proposal.id, 0)
    const key = proposal.proposer.publicKey
    if (core.crypto.keychain.has(key)) core.crypto.deleteKeyPair(key).catch(() => undefined)
  }
  for (const pairing of core.pairing.pairings.getAll({ active: false }))
    core.expirer.set(pairing.topic, 0)
  // A wallet may still answer on a joined pairing or a session; the other topics' records (the
  // pairings just ended, and those that expired before) serve nothing.
  const live = new Set([...joined, ...client.session.keys])
  for (const topic of new Set(core.history.values.map((r) => r.topic)))
    if (!live.has(topic)) core.history.delete(topic)
}
