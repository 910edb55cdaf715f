import { createHash } from 'node:crypto'
import { requestFrame } from './jsonrpc'
import type { Mailbox, PublishInput, StoredMessage } from './mailbox'

/** One open socket of a client, as the hub sees it. */
export interface Peer {
  readonly clientId: string
  send(text: string): void
}

/** Routing core of the relay: subscriptions per client id, deliveries and their acknowledgements. */
export interface Hub {
  /** Makes `peer` the socket that receives the client's deliveries. */
  attach(peer: Peer): void
  /** Forgets a closed socket; what was in flight on it becomes deliverable again. */
  detach(peer: Peer): void
  /** Subscribes a client; what the topic holds for it is delivered right after the caller replies. @returns The subscription id. */
  subscribe(clientId: string, topic: string): string
  unsubscribe(clientId: string, topic: string): void
  /** Stores a message and delivers it to every other subscriber. */
  publish(input: PublishInput): void
  /** Takes the live, unacknowledged messages of a topic for a client, counting them as acknowledged. */
  fetch(clientId: string, topic: string): StoredMessage[]
  /** Handles a client's reply to an `irn_subscription`. */
  acknowledge(peer: Peer, id: number, ok: boolean): void
  /** Topics a client is subscribed to. */
  topicsOf(clientId: string): string[]
}

/** The subscription id the real relay uses and the client computes locally: sha256hex(topic + clientId). */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

/**
 * Creates the routing core over a mailbox.
 * @param mailbox Where published messages wait until acknowledged or expired.
 */
export function createHub(mailbox: Mailbox): Hub {
  const topicsByClient = new Map<string, Set<string>>()
  const current = new Map<string, Peer>()
  const inFlight = new Map<Peer, Map<number, StoredMessage>>()
  // Ids the relay sends must stay below 2^53: the client parses larger integers as BigInt and acks a different id.
  let lastId = Date.now() * 1000

  const deliver = (clientId: string, stored: StoredMessage): void => {
    const peer = current.get(clientId)
    if (!peer) return
    const pending = inFlight.get(peer) ?? new Map<number, StoredMessage>()
    inFlight.set(peer, pending)
    for (const sent of pending.values()) if (sent === stored) return
    lastId += 1
    pending.set(lastId, stored)
    peer.send(
      requestFrame(lastId, 'irn_subscription', {
        id: subscriptionId(stored.topic, clientId),
        data: {
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          tag: stored.tag,
          ...(stored.attestation === undefined ? {} : { attestation: stored.attestation }),
        },
      }),
    )
  }

  return {
    attach(peer) {
      current.set(peer.clientId, peer)
    },
    detach(peer) {
      inFlight.delete(peer)
      if (current.get(peer.clientId) === peer) current.delete(peer.clientId)
    },
    subscribe(clientId, topic) {
      const topics = topicsByClient.get(clientId) ?? new Set<string>()
      topics.add(topic)
      topicsByClient.set(clientId, topics)
      // Stored messages go out after the subscribe reply, so the client knows the subscription first.
      const due = mailbox.pendingFor(topic, clientId)
      queueMicrotask(() => {
        for (const stored of due) deliver(clientId, stored)
      })
      return subscriptionId(topic, clientId)
    },
    unsubscribe(clientId, topic) {
      topicsByClient.get(clientId)?.delete(topic)
    },
    publish(input) {
      const { stored, fresh } = mailbox.put(input)
      if (!fresh) return
      for (const [clientId, topics] of topicsByClient) {
        if (clientId !== input.publisher && topics.has(input.topic)) deliver(clientId, stored)
      }
    },
    fetch(clientId, topic) {
      const messages = mailbox.pendingFor(topic, clientId)
      for (const stored of messages) stored.acked.add(clientId)
      return messages
    },
    acknowledge(peer, id, ok) {
      const pending = inFlight.get(peer)
      const stored = pending?.get(id)
      if (!stored) return
      pending?.delete(id)
      if (ok) stored.acked.add(peer.clientId)
    },
    topicsOf(clientId) {
      return [...(topicsByClient.get(clientId) ?? [])]
    },
  }
}
