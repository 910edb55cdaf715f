import type { Hub } from './hub'
import { RpcError, RpcErrorCode } from './jsonrpc'
import type { StoredMessage } from './mailbox'

type Params = Record<string, unknown>
type Method = (hub: Hub, clientId: string, params: Params) => unknown

// Tags of the messages the relay publishes itself on behalf of `wc_approveSession`.
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE_REQUEST = 1102
const TAG_SESSION_PROPOSE_REQUEST = 1100

const methods: Record<string, Method> = {
  irn_subscribe: (hub, clientId, p) => hub.subscribe(clientId, text(p, 'topic')),
  irn_batchSubscribe: (hub, clientId, p) =>
    texts(p, 'topics').map((topic) => hub.subscribe(clientId, topic)),
  irn_unsubscribe: (hub, clientId, p) => {
    hub.unsubscribe(clientId, text(p, 'topic'))
    return true
  },
  irn_batchUnsubscribe: (hub, clientId, p) => {
    for (const entry of list(p, 'subscriptions')) hub.unsubscribe(clientId, text(entry, 'topic'))
    return true
  },
  irn_publish: (hub, clientId, p) => {
    publishFrom(hub, clientId, p)
    return true
  },
  irn_batchPublish: (hub, clientId, p) => {
    const messages = list(p, 'messages')
    // Validate every entry before storing any, so a bad batch changes nothing.
    for (const entry of messages) publishInput(clientId, entry)
    for (const entry of messages) publishFrom(hub, clientId, entry)
    return true
  },
  irn_fetchMessages: (hub, clientId, p) => fetched(hub.fetch(clientId, text(p, 'topic'))),
  irn_batchFetchMessages: (hub, clientId, p) =>
    fetched(texts(p, 'topics').flatMap((topic) => hub.fetch(clientId, topic))),
  // The dapp never subscribes to its pairing topic itself: proposing does it.
  wc_proposeSession: (hub, clientId, p) => {
    const pairingTopic = text(p, 'pairingTopic')
    const base = { ttl: ttlOf(p), attestation: optionalText(p, 'attestation'), publisher: clientId }
    const proposal = text(p, 'sessionProposal')
    hub.subscribe(clientId, pairingTopic)
    hub.publish({
      ...base,
      topic: pairingTopic,
      message: proposal,
      tag: TAG_SESSION_PROPOSE_REQUEST,
    })
    return true
  },
  // The wallet never subscribes to the session topic itself: approving does it.
  wc_approveSession: (hub, clientId, p) => {
    const sessionTopic = text(p, 'sessionTopic')
    const pairingTopic = text(p, 'pairingTopic')
    const response = text(p, 'sessionProposalResponse')
    const settle = text(p, 'sessionSettlementRequest')
    const base = { ttl: ttlOf(p), attestation: undefined, publisher: clientId }
    hub.subscribe(clientId, sessionTopic)
    hub.publish({
      ...base,
      topic: pairingTopic,
      message: response,
      tag: TAG_SESSION_PROPOSE_RESPONSE,
    })
    hub.publish({ ...base, topic: sessionTopic, message: settle, tag: TAG_SESSION_SETTLE_REQUEST })
    return true
  },
}

/**
 * Runs one relay method for an authenticated client.
 * @returns The JSON-RPC result.
 * @throws {RpcError} For an unknown method (-32601) or invalid params (-32602).
 */
export function callMethod(hub: Hub, clientId: string, method: string, params: unknown): unknown {
  const run = Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!run) throw new RpcError(RpcErrorCode.methodNotFound, `Method not found: ${method}`)
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RpcError(RpcErrorCode.invalidParams, 'params must be an object')
  }
  return run(hub, clientId, params as Params)
}

function publishFrom(hub: Hub, clientId: string, p: unknown): void {
  hub.publish(publishInput(clientId, p))
}

function publishInput(clientId: string, p: unknown) {
  const tag = (p as Params).tag ?? 0
  if (typeof tag !== 'number') throw invalid('tag')
  return {
    topic: text(p, 'topic'),
    message: text(p, 'message'),
    ttl: ttlOf(p),
    tag,
    attestation: optionalText(p, 'attestation'),
    publisher: clientId,
  }
}

function fetched(messages: StoredMessage[]) {
  return {
    messages: messages.map((m) => ({
      topic: m.topic,
      message: m.message,
      publishedAt: m.publishedAt,
      tag: m.tag,
      ...(m.attestation === undefined ? {} : { attestation: m.attestation }),
    })),
    hasMore: false,
  }
}

function ttlOf(p: unknown): number {
  const ttl = field(p, 'ttl')
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) throw invalid('ttl')
  return ttl
}

function text(p: unknown, key: string): string {
  const value = field(p, key)
  if (typeof value !== 'string' || value === '') throw invalid(key)
  return value
}

function optionalText(p: unknown, key: string): string | undefined {
  const value = field(p, key)
  return typeof value === 'string' && value !== '' ? value : undefined
}

function texts(p: unknown, key: string): string[] {
  const value = field(p, key)
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== '')) {
    throw invalid(key)
  }
  return value
}

function list(p: unknown, key: string): unknown[] {
  const value = field(p, key)
  if (!Array.isArray(value)) throw invalid(key)
  return value
}

function field(p: unknown, key: string): unknown {
  if (typeof p !== 'object' || p === null) throw invalid(key)
  return (p as Params)[key]
}

function invalid(key: string): RpcError {
  return new RpcError(RpcErrorCode.invalidParams, `Missing or invalid "${key}" param`)
}
