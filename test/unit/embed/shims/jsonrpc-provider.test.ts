import { EventEmitter } from 'node:events'
import { expect, test } from 'vitest'
import { JsonRpcProvider } from '../../../../src/embed/shims/jsonrpc-provider.js'
import { seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const Real = walletConnectCopy<typeof import('@walletconnect/jsonrpc-provider')>(
  '@walletconnect/jsonrpc-provider',
).JsonRpcProvider

type Provider = Pick<JsonRpcProvider, 'request' | 'connect' | 'disconnect' | 'on'> & {
  events: { eventNames(): (string | symbol)[] }
}

/**
 * A relay socket that answers each request as told: a result, an error, nothing (the socket
 * dropped it), or a failed send; it starts closed, so the first request opens it.
 */
class Socket extends EventEmitter {
  connected = false
  log: unknown[] = []
  constructor(private answer: (id: number) => 'result' | 'error' | 'none' | 'throw') {
    super()
  }
  async open() {
    this.log.push('open')
    this.connected = true
  }
  async close() {
    this.log.push('close')
    this.connected = false
    this.emit('close', { code: 3000, reason: 'bye' })
  }
  async send(payload: { id: number; method: string }) {
    this.log.push(['send', payload.method])
    const how = this.answer(payload.id)
    if (how === 'throw') throw new Error(`send ${payload.method} failed`)
    if (how === 'result')
      this.emit('payload', { id: payload.id, jsonrpc: '2.0', result: payload.method })
    if (how === 'error')
      this.emit('payload', { id: payload.id, jsonrpc: '2.0', error: { code: 1, message: 'no' } })
  }
}

/** Scripted requests, a peer's message and a close on a provider; every observable result. */
async function run(make: (socket: Socket) => Provider, seed: number) {
  const next = seeded(seed)
  const kinds = ['result', 'error', 'none', 'throw'] as const
  const socket = new Socket(() => kinds[Math.floor(next() * kinds.length)] ?? 'result')
  const provider = make(socket)
  const log: unknown[] = []
  for (const event of ['payload', 'message', 'connect', 'disconnect', 'error'])
    provider.on(event, (e: unknown) => log.push([event, e instanceof Error ? e.message : e]))
  for (let i = 0; i < 40; i++) {
    const settled = provider.request({ method: `m${i}`, params: [i], id: 1000 + i }).then(
      (v) => ['resolved', v],
      (e: unknown) => ['rejected', e instanceof Error ? e.message : e],
    )
    // An unanswered request stays pending: only the answered ones are awaited.
    log.push(await Promise.race([settled, new Promise((r) => setTimeout(() => r('pending'), 0))]))
    if (i === 20) socket.emit('payload', { jsonrpc: '2.0', id: 7, method: 'irn_subscription' })
  }
  await provider.disconnect()
  log.push(socket.log)
  return { log, provider }
}

const requestIds = (p: Provider) => p.events.eventNames().filter((n) => /^\d+$/.test(String(n)))

test('default: a request resolves with its answer and leaves no listener behind', async () => {
  const socket = new Socket(() => 'result')
  const provider = new JsonRpcProvider(socket as never)
  await expect(provider.request({ method: 'irn_publish', params: [] })).resolves.toBe('irn_publish')
  expect(requestIds(provider as never)).toEqual([])
})

test('behavior: the same results, events and socket calls as the package, on random answers', async () => {
  for (let seed = 1; seed <= 25; seed++) {
    const real = await run((s) => new Real(s as never) as never, seed)
    const shim = await run((s) => new JsonRpcProvider(s as never) as never, seed)
    expect(shim.log, `seed ${seed}`).toEqual(real.log)
  }
})

test('behavior: only unanswered requests keep a listener (the package keeps one per request)', async () => {
  const seed = 3
  const real = await run((s) => new Real(s as never) as never, seed)
  const shim = await run((s) => new JsonRpcProvider(s as never) as never, seed)
  const pending = shim.log.filter((entry) => entry === 'pending').length
  expect(requestIds(real.provider)).toHaveLength(40)
  expect(requestIds(shim.provider)).toHaveLength(pending)
})

/** A socket the relay drops: it emits `close` without being asked to. */
function drop(socket: Socket) {
  socket.connected = false
  socket.emit('close', { code: 1006, reason: '' })
}

test('behavior: a publish unanswered when its socket drops is sent on the next socket and answered there', async () => {
  const first = new Socket(() => 'none')
  const old = new JsonRpcProvider(first as never)
  await old.connect()
  const publish = old.request({ method: 'irn_publish', params: [], id: 11 })
  const proposal = old.request({ method: 'wc_proposeSession', params: [], id: 12 })
  const subscribe = old.request({ method: 'irn_subscribe', params: [], id: 13 })
  await new Promise((r) => setTimeout(r, 0))
  drop(first)

  const second = new Socket(() => 'result')
  const next = new JsonRpcProvider(second as never)
  await next.connect()
  await expect(publish).resolves.toBe('irn_publish')
  await expect(proposal).resolves.toBe('wc_proposeSession')
  // A subscribe is not sent again: the relayer subscribes its topics anew on every socket.
  expect(second.log).toEqual(['open', ['send', 'irn_publish'], ['send', 'wc_proposeSession']])
  expect(requestIds(old as never)).toEqual(['13'])
  expect(requestIds(next as never)).toEqual([])
  void subscribe

  // Answered: a third socket sends nothing.
  const third = new Socket(() => 'result')
  await new JsonRpcProvider(third as never).connect()
  expect(third.log).toEqual(['open'])
})

test('behavior: a provider closed on purpose leaves nothing to send again', async () => {
  const first = new Socket(() => 'none')
  const old = new JsonRpcProvider(first as never)
  old.on('error', () => undefined)
  void old.request({ method: 'irn_publish', params: [], id: 21 })
  await new Promise((r) => setTimeout(r, 0))
  await old.disconnect()
  const second = new Socket(() => 'result')
  await new JsonRpcProvider(second as never).connect()
  expect(second.log).toEqual(['open'])
})
