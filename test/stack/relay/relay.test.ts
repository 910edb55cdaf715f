// @vitest-environment node
import { createHash } from 'node:crypto'
import { generateKeyPair } from '@walletconnect/relay-auth'
import { afterEach, expect, test } from 'vitest'
import WebSocket from 'ws'
import { type Relay, type RelayFrame, startRelay } from './index'
import { connectRaw, type RawClient, relayJwt } from './rawClient'

const open: Array<Relay | RawClient> = []
const track = <T extends Relay | RawClient>(item: T): T => {
  open.push(item)
  return item
}
afterEach(async () => {
  for (const item of open.splice(0).reverse()) {
    await ('stop' in item ? item.stop() : item.close())
  }
})

/** HTTP status of a WebSocket upgrade to `target`. */
function upgradeStatus(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target)
    ws.on('unexpected-response', (req, res) => {
      req.destroy()
      resolve(res.statusCode ?? 0)
    })
    ws.on('open', () => {
      ws.terminate()
      resolve(101)
    })
    ws.on('error', reject)
  })
}

test('default', async () => {
  const relay = track(await startRelay())
  expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
  const health = await fetch(relay.healthUrl)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })

  const client = track(await connectRaw(relay.url))
  const reply = await client.request('irn_subscribe', { topic: 'a'.repeat(64) })
  const expected = createHash('sha256')
    .update('a'.repeat(64) + client.clientId)
    .digest('hex')
  expect(reply).toMatchObject({ jsonrpc: '2.0', result: expected })
})

test('error: missing, forged and expired JWTs get HTTP 401 on the upgrade', async () => {
  const relay = track(await startRelay())
  const keyPair = generateKeyPair()
  const good = await relayJwt(keyPair, relay.url)
  const [header, payload] = good.split('.')
  const forged = `${header}.${payload}.${'A'.repeat(86)}`
  const expired = await relayJwt(keyPair, relay.url, -10)

  expect(await upgradeStatus(`${relay.url}/?projectId=x`)).toBe(401)
  expect(await upgradeStatus(`${relay.url}/?auth=not-a-jwt`)).toBe(401)
  expect(await upgradeStatus(`${relay.url}/?auth=${forged}`)).toBe(401)
  expect(await upgradeStatus(`${relay.url}/?auth=${expired}`)).toBe(401)
  expect(await upgradeStatus(`${relay.url}/?auth=${good}`)).toBe(101)
})

test('error: a garbage frame gets a parse error and the server keeps working', async () => {
  const relay = track(await startRelay())
  const client = track(await connectRaw(relay.url))
  client.sendText('{not json')
  const reply = JSON.parse(await client.nextFrame((t) => t.includes('"error"')))
  expect(reply).toEqual({
    id: null,
    jsonrpc: '2.0',
    error: { code: -32700, message: 'Parse error' },
  })

  expect(await client.request('irn_subscribe', { topic: 't1' })).toHaveProperty('result')
  const other = track(await connectRaw(relay.url))
  expect(
    await other.request('irn_publish', { topic: 't1', message: 'm', ttl: 300 }),
  ).toHaveProperty('result', true)
  expect((await client.nextDelivery()).message).toBe('m')
})

test('error: unknown methods, bad params and frames without a method get JSON-RPC errors', async () => {
  const relay = track(await startRelay())
  const client = track(await connectRaw(relay.url))
  expect(await client.request('irn_nope', {})).toMatchObject({ error: { code: -32601 } })
  expect(await client.request('irn_subscribe', {})).toMatchObject({
    error: { code: -32602, message: 'Missing or invalid "topic" param' },
  })
  expect(await client.request('irn_publish', { topic: 't', message: 'm', ttl: -1 })).toMatchObject({
    error: { code: -32602 },
  })
  expect(await client.request('irn_subscribe', ['t'])).toMatchObject({ error: { code: -32602 } })
  client.sendText('{"id":"7","jsonrpc":"2.0"}')
  const reply = JSON.parse(await client.nextFrame((t) => t.includes('"id":"7"')))
  expect(reply).toMatchObject({ id: '7', error: { code: -32600 } })
})

test('behavior: request ids come back verbatim, even integers beyond 2^53', async () => {
  const relay = track(await startRelay())
  const client = track(await connectRaw(relay.url))
  client.sendText(
    '{"id":"1795312168522283776","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"x"}}',
  )
  expect(await client.nextFrame((t) => t.includes('1795312168522283776'))).toContain(
    '"id":"1795312168522283776"',
  )
  client.sendText(
    '{"id":1795312168522283777,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"y"}}',
  )
  expect(await client.nextFrame((t) => t.includes('1795312168522283777'))).toContain(
    '"id":1795312168522283777,',
  )
})

test('behavior: ids the relay sends are safe integers', async () => {
  const relay = track(await startRelay())
  const [a, b] = [track(await connectRaw(relay.url)), track(await connectRaw(relay.url))]
  await a.request('irn_subscribe', { topic: 't' })
  await b.request('irn_publish', { topic: 't', message: 'one', ttl: 300 })
  await b.request('irn_publish', { topic: 't', message: 'two', ttl: 300 })
  const ids = [(await a.nextDelivery()).id, (await a.nextDelivery()).id]
  for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true)
  expect(ids[0]).not.toBe(ids[1])
})

test('behavior: every socket is pinged at the configured interval', async () => {
  const relay = track(await startRelay({ pingIntervalMs: 20 }))
  const client = track(await connectRaw(relay.url))
  await expect(client.nextPing()).resolves.toBeUndefined()
})

test('behavior: dropAllSockets closes every socket but keeps the server up; stop closes it', async () => {
  const relay = await startRelay()
  const ws = new WebSocket(`${relay.url}/?auth=${await relayJwt(generateKeyPair(), relay.url)}`)
  await new Promise((resolve) => ws.once('open', resolve))
  const wsClosed = new Promise((resolve) => ws.once('close', resolve))
  relay.dropAllSockets()
  await wsClosed
  expect(ws.readyState).toBe(WebSocket.CLOSED)
  expect((await fetch(relay.healthUrl)).status).toBe(200)

  await relay.stop()
  await expect(fetch(relay.healthUrl)).rejects.toThrow()
})

test('behavior: with log on, frames are kept and passed to a callback', async () => {
  const seen: RelayFrame[] = []
  const relay = track(await startRelay({ log: (frame) => seen.push(frame) }))
  const client = track(await connectRaw(relay.url))
  await client.request('irn_subscribe', { topic: 'logged' })
  expect(relay.frames.map((f) => f.direction)).toEqual(['open', 'in', 'out'])
  expect(relay.frames[1]?.text).toContain('"method":"irn_subscribe"')
  expect(relay.frames.every((f) => f.clientId === client.clientId)).toBe(true)
  expect(seen).toEqual(relay.frames)

  const quiet = track(await startRelay())
  const other = track(await connectRaw(quiet.url))
  await other.request('irn_subscribe', { topic: 'logged' })
  expect(quiet.frames).toEqual([])
})

test('behavior: sendGarbage reaches only the chosen client', async () => {
  const relay = track(await startRelay())
  const [a, b] = [track(await connectRaw(relay.url)), track(await connectRaw(relay.url))]
  expect(relay.sendGarbage(a.clientId)).toBe(1)
  expect(await a.nextFrame((t) => t === 'garbage{')).toBe('garbage{')
  await b.request('irn_subscribe', { topic: 'marker' })
  expect(b.received.some((t) => t === 'garbage{')).toBe(false)
  expect(relay.sendGarbage()).toBe(2)
})
