import { createHash } from 'node:crypto'

/** A message held on a topic until its ttl runs out. */
export interface StoredMessage {
  readonly topic: string
  /** The encrypted envelope as published (base64). */
  readonly message: string
  /** Milliseconds since the epoch. */
  readonly publishedAt: number
  /** Milliseconds since the epoch. */
  readonly expiresAt: number
  readonly tag: number
  readonly attestation: string | undefined
  /** Client id of the publisher; it never gets its own message back. */
  readonly publisher: string
  /** Client ids that acknowledged a delivery. */
  readonly acked: Set<string>
}

/** What a publish puts in the mailbox. */
export interface PublishInput {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag: number
  attestation: string | undefined
  publisher: string
}

/** Per-topic message store with ttl, per-client acknowledgement and duplicate suppression. */
export interface Mailbox {
  /** Stores a message; a byte-identical message still alive on the topic is returned instead, with `fresh: false`. */
  put(input: PublishInput): { stored: StoredMessage; fresh: boolean }
  /** Live messages on a topic that `clientId` neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, clientId: string): StoredMessage[]
  /** Number of live messages across all topics. */
  size(): number
}

/**
 * Creates an empty mailbox.
 * @param now Clock in milliseconds; tests pass a fake one to expire messages.
 */
export function createMailbox(now: () => number): Mailbox {
  const topics = new Map<string, Map<string, StoredMessage>>()

  const live = (topic: string): Map<string, StoredMessage> => {
    const messages = topics.get(topic) ?? new Map<string, StoredMessage>()
    const t = now()
    for (const [key, message] of messages) if (message.expiresAt <= t) messages.delete(key)
    if (messages.size === 0) topics.delete(topic)
    return messages
  }

  return {
    put(input) {
      const messages = live(input.topic)
      // The real relay keys messages by their hash; a client retrying a publish must not cause a second delivery.
      const key = createHash('sha256').update(input.message).digest('hex')
      const existing = messages.get(key)
      if (existing) return { stored: existing, fresh: false }
      const publishedAt = now()
      const stored: StoredMessage = {
        topic: input.topic,
        message: input.message,
        publishedAt,
        expiresAt: publishedAt + input.ttl * 1000,
        tag: input.tag,
        attestation: input.attestation,
        publisher: input.publisher,
        acked: new Set(),
      }
      messages.set(key, stored)
      topics.set(input.topic, messages)
      return { stored, fresh: true }
    },
    pendingFor(topic, clientId) {
      return [...live(topic).values()].filter(
        (m) => m.publisher !== clientId && !m.acked.has(clientId),
      )
    },
    size() {
      let total = 0
      for (const topic of [...topics.keys()]) total += live(topic).size
      return total
    },
  }
}
