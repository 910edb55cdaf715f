import type { WalletConnectProvider } from './provider.js'

/**
 * Ends, once the QR code of pairing `shown` is out, every proposal made before its own that no
 * wallet answered and every older pairing no wallet joined. `connect()` unsubscribed those pairings
 * when it started anyway (a QR code left is answerable until the next one is proposed; a late scan
 * of it before then is ended by the page), but the client kept the rest until the proposal's
 * expiry (5 minutes) and its history record for 30 days: the pending `connect()` with its timer, a
 * `proposal_expire` listener, the proposal, its pairing, their two keys, two expiry entries and
 * the record. Each store is written whole on every change, so hundreds of them cost O(N²) in
 * writes when they expire together (issue 31 G4, `docs/benchmarks.md`).
 *
 * Only older ones: a proposal still being made when the visitor moved on shows its URI after the
 * newer one's, and must not end it. The ends go through the client's own paths: an expiry set to
 * now removes a proposal and rejects its `connect()` (as its 5 minutes would), and removes a
 * pairing with its key and subscription; the proposer's key pair and the records go with the
 * core's own calls.
 */
export function endUnusedPairings(provider: WalletConnectProvider, shown: string): void {
  const { client } = provider
  const { core } = client
  const pairings = core.pairing.pairings
  const current = client.proposal.getAll().find((p) => p.pairingTopic === shown)
  const newest = pairings.keys.includes(shown) ? pairings.get(shown).expiry : undefined
  if (!current || newest === undefined) return
  const ended = new Set<string>()
  const proposed = new Set<string>()
  for (const proposal of client.proposal.getAll()) {
    proposed.add(proposal.pairingTopic)
    if (proposal.id >= current.id) continue
    const pairing = pairings.keys.includes(proposal.pairingTopic)
      ? pairings.get(proposal.pairingTopic)
      : undefined
    if (pairing?.active) continue
    core.expirer.set(proposal.id, 0)
    const key = proposal.proposer.publicKey
    if (core.crypto.keychain.has(key)) core.crypto.deleteKeyPair(key).catch(() => undefined)
    if (pairing) ended.add(pairing.topic)
  }
  // Pairings left without a proposal (theirs expired, or the page was reloaded), created before.
  for (const pairing of pairings.getAll({ active: false }))
    if (!proposed.has(pairing.topic) && pairing.expiry < newest) ended.add(pairing.topic)
  for (const topic of ended) core.expirer.set(topic, 0)
  // Records of topics ended now, or that the client forgot before: no answer can come on them.
  const known = (topic: string) =>
    pairings.keys.includes(topic) || client.session.keys.includes(topic)
  for (const topic of new Set(core.history.values.map((r) => r.topic)))
    if (ended.has(topic) || !known(topic)) core.history.delete(topic)
}
