import { randomBytes } from 'node:crypto'
import { encodeIss, generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'

/** A relay delivery (`irn_subscription`) as a raw client saw it. */
export interface Delivery {
  id: number
  subscriptionId: string
  topic: string
  message: string
  publishedAt: number
  tag: number | undefined
}

/** A bare relay client for tests of the relay itself: raw frames, explicit acks. */
export interface RawClient {
  clientId: string
  /** Every text frame received, in order. */
  received: string[]
  /** Sends a request and resolves with the parsed reply (result or error). */
  request(method: string, params: unknown): Promise<Record<string, unknown>>
  /** Sends raw text. */
  sendText(text: string): void
  /** Resolves with the next raw frame that satisfies `match`, including ones already received but not yet taken. */
  nextFrame(match: (text: string) => boolean): Promise<string>
  /** Resolves with the next delivery; acks it unless `ack` is false. */
  nextDelivery(ack?: boolean): Promise<Delivery>
  /** Resolves once a WebSocket ping arrives. */
  nextPing(): Promise<void>
  /** Opens a fresh socket with the same identity (the old one must be closed). */
  reconnect(): Promise<void>
  close(): Promise<void>
}

/** Signs a relay JWT for a key pair, the way WalletConnect clients do. */
export function relayJwt(keyPair: Keypair, aud: string, ttlSeconds = 86_400): Promise<string> {
  return signJWT(randomBytes(32).toString('hex'), aud, ttlSeconds, keyPair)
}

/**
 * Connects a raw client with a fresh (or given) identity.
 * @throws When the upgrade is refused.
 */
export async function connectRaw(url: string, keyPair = generateKeyPair()): Promise<RawClient> {
  const received: string[] = []
  const taken = new Set<number>()
  const waiters: Array<() => void> = []
  let ws = await open(url, keyPair, received, waiters)
  let nextId = 1

  const nextFrame = (match: (text: string) => boolean): Promise<string> =>
    new Promise((resolve) => {
      const check = (): boolean => {
        const index = received.findIndex((text, i) => !taken.has(i) && match(text))
        if (index === -1) return false
        taken.add(index)
        resolve(received[index] as string)
        return true
      }
      if (check()) return
      const waiter = (): void => {
        if (check()) waiters.splice(waiters.indexOf(waiter), 1)
      }
      waiters.push(waiter)
    })

  return {
    clientId: encodeIss(keyPair.publicKey),
    received,
    async request(method, params) {
      const id = `${Date.now()}${String(nextId++).padStart(6, '0')}`
      const reply = nextFrame((text) => text.includes(`"id":"${id}"`))
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return JSON.parse(await reply) as Record<string, unknown>
    },
    sendText(text) {
      ws.send(text)
    },
    nextFrame,
    async nextDelivery(ack = true) {
      const text = await nextFrame((t) => t.includes('"method":"irn_subscription"'))
      const frame = JSON.parse(text) as {
        id: number
        params: { id: string; data: Omit<Delivery, 'id' | 'subscriptionId'> }
      }
      if (ack) ws.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      return { id: frame.id, subscriptionId: frame.params.id, ...frame.params.data }
    },
    nextPing() {
      return new Promise((resolve) => ws.once('ping', () => resolve()))
    },
    async reconnect() {
      ws = await open(url, keyPair, received, waiters)
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return
      const closed = new Promise((resolve) => ws.once('close', resolve))
      ws.terminate()
      await closed
    },
  }
}

async function open(
  url: string,
  keyPair: Keypair,
  received: string[],
  waiters: Array<() => void>,
): Promise<WebSocket> {
  const auth = await relayJwt(keyPair, url)
  const ws = new WebSocket(`${url}/?auth=${auth}&projectId=test&ua=raw`)
  ws.on('message', (data) => {
    received.push(data.toString())
    for (const waiter of [...waiters]) waiter()
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('unexpected-response', (req, res) => {
      req.destroy()
      reject(new Error(`HTTP ${res.statusCode}`))
    })
    ws.on('error', reject)
  })
  return ws
}
