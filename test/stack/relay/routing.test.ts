// @vitest-environment node
import { createHash } from 'node:crypto'
import { afterEach, expect, test } from 'vitest'
import { type Relay, startRelay } from './index'
import { connectRaw, type RawClient } from './rawClient'

const open: Array<Relay | RawClient> = []
afterEach(async () => {
  for (const item of open.splice(0).reverse()) {
    await ('stop' in item ? item.stop() : item.close())
  }
})

/** A relay and three raw clients with their own identities. */
async function setup(now?: () => number) {
  const relay = await startRelay(now ? { now } : {})
  open.push(relay)
  const [a, b, c] = [
    await connectRaw(relay.url),
    await connectRaw(relay.url),
    await connectRaw(relay.url),
  ]
  open.push(a, b, c)
  return { relay, a, b, c }
}

const publish = (client: RawClient, topic: string, message: string, ttl = 300) =>
  client.request('irn_publish', { topic, message, ttl, prompt: false, tag: 1108 })

/** Publishes a marker on `topic` and resolves with the next delivery: proves nothing else was queued first. */
async function nextAfterMarker(subscriber: RawClient, publisher: RawClient, topic: string) {
  await publish(publisher, topic, 'marker')
  return (await subscriber.nextDelivery()).message
}

test('default', async () => {
  const { a, b } = await setup()
  await a.request('irn_subscribe', { topic: 't' })
  expect(await publish(b, 't', 'hello')).toMatchObject({ result: true })
  const delivery = await a.nextDelivery()
  expect(delivery).toMatchObject({ topic: 't', message: 'hello', tag: 1108 })
  expect(delivery.subscriptionId).toBe(createHash('sha256').update(`t${a.clientId}`).digest('hex'))
  expect(typeof delivery.publishedAt).toBe('number')
})

test('behavior: a message is never echoed to the client that published it', async () => {
  const { a, b } = await setup()
  await a.request('irn_subscribe', { topic: 't' })
  await b.request('irn_subscribe', { topic: 't' })
  await publish(b, 't', 'from b')
  expect((await a.nextDelivery()).message).toBe('from b')
  expect(await nextAfterMarker(b, a, 't')).toBe('marker')
})

test('behavior: the mailbox holds a message until a later subscriber comes', async () => {
  const { a, b } = await setup()
  await publish(b, 'later', 'stored')
  await a.request('irn_subscribe', { topic: 'later' })
  expect((await a.nextDelivery()).message).toBe('stored')
  const kinds = a.received.map((t) => (t.includes('irn_subscription') ? 'delivery' : 'reply'))
  expect(kinds).toEqual(['reply', 'delivery'])
})

test('behavior: subscriptions belong to the client id and outlive its socket', async () => {
  const { a, b } = await setup()
  await a.request('irn_subscribe', { topic: 't' })
  await a.close()
  await a.reconnect()
  await publish(b, 't', 'after reconnect')
  expect((await a.nextDelivery()).message).toBe('after reconnect')
})

test('behavior: unacknowledged messages are delivered again on re-subscribe, acknowledged ones are not', async () => {
  const { relay, a, b } = await setup()
  await a.request('irn_batchSubscribe', { topics: ['t'] })
  await publish(b, 't', 'lost on the wire')
  expect((await a.nextDelivery(false)).message).toBe('lost on the wire')
  relay.dropAllSockets()
  await a.close()
  await a.reconnect()
  const b2 = await connectRaw(relay.url)
  open.push(b2)
  expect(await a.request('irn_batchSubscribe', { topics: ['t'] })).toMatchObject({
    result: [expect.any(String)],
  })
  expect((await a.nextDelivery()).message).toBe('lost on the wire')
  await a.request('irn_batchSubscribe', { topics: ['t'] })
  expect(await nextAfterMarker(a, b2, 't')).toBe('marker')
})

test('behavior: an acknowledgement counts only for the client that sent it', async () => {
  const { a, b, c } = await setup()
  await a.request('irn_subscribe', { topic: 't' })
  await publish(b, 't', 'shared')
  expect((await a.nextDelivery()).message).toBe('shared')
  await c.request('irn_subscribe', { topic: 't' })
  expect((await c.nextDelivery()).message).toBe('shared')
})

test('behavior: the same message published twice is delivered once', async () => {
  const { a, b } = await setup()
  await a.request('irn_subscribe', { topic: 't' })
  await publish(b, 't', 'retried')
  expect(await publish(b, 't', 'retried')).toMatchObject({ result: true })
  expect((await a.nextDelivery()).message).toBe('retried')
  expect(await nextAfterMarker(a, b, 't')).toBe('marker')
})

test('behavior: a message past its ttl is dropped', async () => {
  let clock = Date.now()
  const { a, b } = await setup(() => clock)
  await publish(b, 't', 'short-lived', 300)
  await publish(b, 't', 'long-lived', 900)
  clock += 301_000
  await a.request('irn_subscribe', { topic: 't' })
  expect((await a.nextDelivery()).message).toBe('long-lived')
  expect(await nextAfterMarker(a, b, 't')).toBe('marker')
})

test('behavior: irn_unsubscribe stops deliveries on that topic only', async () => {
  const { a, b } = await setup()
  await a.request('irn_batchSubscribe', { topics: ['gone', 'kept'] })
  await a.request('irn_unsubscribe', { topic: 'gone', id: 'x' })
  await publish(b, 'gone', 'unseen')
  expect(await nextAfterMarker(a, b, 'kept')).toBe('marker')
})

test('behavior: wc_proposeSession subscribes the dapp to the pairing topic and stores the proposal', async () => {
  const { relay, a: dapp, b: wallet } = await setup()
  const propose = { pairingTopic: 'pairing', sessionProposal: 'proposal', ttl: 300 }
  expect(await dapp.request('wc_proposeSession', { ...propose, correlationId: 1 })).toMatchObject({
    result: true,
  })
  expect(relay.topicsOf(dapp.clientId)).toEqual(['pairing'])
  await wallet.request('irn_subscribe', { topic: 'pairing' })
  expect(await wallet.nextDelivery()).toMatchObject({ message: 'proposal', tag: 1100 })
  expect(await nextAfterMarker(dapp, wallet, 'pairing')).toBe('marker')
})

test('behavior: wc_approveSession answers on the pairing topic and settles on the session topic', async () => {
  const { relay, a: dapp, b: wallet } = await setup()
  await dapp.request('wc_proposeSession', { pairingTopic: 'p', sessionProposal: 'prop', ttl: 300 })
  await wallet.request('irn_subscribe', { topic: 'p' })
  await wallet.nextDelivery()
  const approve = {
    sessionTopic: 's',
    pairingTopic: 'p',
    sessionProposalResponse: 'response',
    sessionSettlementRequest: 'settle',
    ttl: 300,
    approvedChains: ['eip155:1'],
  }
  expect(await wallet.request('wc_approveSession', approve)).toMatchObject({ result: true })
  expect(relay.topicsOf(wallet.clientId).sort()).toEqual(['p', 's'])
  expect(await dapp.nextDelivery()).toMatchObject({ topic: 'p', message: 'response', tag: 1101 })
  await dapp.request('irn_subscribe', { topic: 's' })
  expect(await dapp.nextDelivery()).toMatchObject({ topic: 's', message: 'settle', tag: 1102 })
  expect(await nextAfterMarker(wallet, dapp, 's')).toBe('marker')
})

test('behavior: fetch, batch fetch and batch publish', async () => {
  const { a, b } = await setup()
  const messages = [
    { topic: 'x', message: 'one', ttl: 300 },
    { topic: 'y', message: 'two', ttl: 300, tag: 7 },
  ]
  expect(await b.request('irn_batchPublish', { messages })).toMatchObject({ result: true })
  expect(await a.request('irn_fetchMessages', { topic: 'x' })).toMatchObject({
    result: { messages: [{ topic: 'x', message: 'one', tag: 0 }], hasMore: false },
  })
  expect(await a.request('irn_batchFetchMessages', { topics: ['x', 'y'] })).toMatchObject({
    result: { messages: [{ topic: 'y', message: 'two', tag: 7 }], hasMore: false },
  })
  expect(await b.request('irn_batchPublish', { messages: [{ topic: 'z' }] })).toMatchObject({
    error: { code: -32602 },
  })
})
