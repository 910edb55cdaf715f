// @vitest-environment node
import { type Hex, verifyMessage } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { type RelayFrame, startRelay } from '../relay'
import { createTestDapp } from './dapp'
import { createWcWallet, type WcWalletOptions } from './index'
import { createTeardown } from './teardown'

process.env.IS_VITEST = 'true'

// Envelope tags set by the sign-client: 1108 session request, 1109 its response.
const TAG_REQUEST = 1108
const TAG_RESPONSE = 1109
const message = '0x6f6e6365' // "once"

const teardown = createTeardown()
afterEach(() => teardown.run())

async function setup(walletOptions: Partial<WcWalletOptions> = {}) {
  const listeners = new Set<(frame: RelayFrame) => void>()
  const relay = await startRelay({
    log: (frame) => {
      for (const listener of listeners) listener(frame)
    },
  })
  teardown.server(relay.stop)
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    ...walletOptions,
  })
  teardown.client(wallet.close)
  const dapp = await createTestDapp(relay.url)
  teardown.client(dapp.close)
  const walletId = await wallet.client.core.crypto.getClientId()
  const dappId = await dapp.provider.client.core.crypto.getClientId()

  /** Resolves with the first frame from index `from` on that matches. */
  const frameAfter = (from: number, match: (frame: RelayFrame) => boolean) =>
    new Promise<RelayFrame>((resolve) => {
      const seen = relay.frames.slice(from).find(match)
      if (seen) return resolve(seen)
      const listener = (frame: RelayFrame) => {
        if (!match(frame)) return
        listeners.delete(listener)
        resolve(frame)
      }
      listeners.add(listener)
    })

  /** Drops every socket and waits until both clients have re-subscribed on fresh sockets. */
  const dropAndRecover = async () => {
    const from = relay.frames.length
    relay.dropAllSockets()
    const resubscribed = (clientId: string) =>
      frameAfter(
        from,
        (f) =>
          f.clientId === clientId && f.direction === 'in' && f.text.includes('irn_batchSubscribe'),
      )
    await Promise.all([resubscribed(walletId), resubscribed(dappId)])
    return from
  }

  /** Distinct messages with `tag` the relay delivered to a client from frame index `from` on. */
  const delivered = (from: number, clientId: string, tag: number) =>
    new Set(
      relay.frames
        .slice(from)
        .filter((f) => f.direction === 'out' && f.clientId === clientId)
        .map(
          (f) =>
            JSON.parse(f.text) as {
              method?: string
              params?: { data?: { tag?: number; message?: string } }
            },
        )
        .filter((frame) => frame.method === 'irn_subscription' && frame.params?.data?.tag === tag)
        .map((frame) => frame.params?.data?.message),
    ).size

  return {
    relay,
    wallet,
    dapp,
    provider: dapp.provider,
    walletId,
    dappId,
    frameAfter,
    dropAndRecover,
    delivered,
  }
}

test('default', async () => {
  const { wallet, dapp, provider, walletId, dappId, dropAndRecover, delivered, relay } =
    await setup()
  await dapp.connectTo(wallet)
  let requestsSeen = 0
  wallet.client.on('session_request', () => {
    requestsSeen += 1
  })
  const from = await dropAndRecover()
  const sign = () =>
    provider.request<Hex>(
      { method: 'personal_sign', params: [message, wallet.address] },
      'eip155:31337',
    )
  const signature = await sign()
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
  // A second round trip: anything duplicated from the first would have been delivered before it.
  await sign()
  expect(requestsSeen).toBe(2)
  expect(delivered(from, walletId, TAG_REQUEST)).toBe(2)
  expect(delivered(from, dappId, TAG_RESPONSE)).toBe(2)

  const sessionTopic = provider.session?.topic ?? ''
  const subscribeFrames = relay.frames
    .slice(from)
    .filter((f) => f.clientId === dappId && f.direction === 'in' && f.text.includes(sessionTopic))
    .filter((f) => /"method":"irn_(batch)?[sS]ubscribe"/.test(f.text))
  expect(subscribeFrames).toHaveLength(1)
  expect(relay.topicsOf(dappId).filter((t) => t === sessionTopic)).toHaveLength(1)
})

test('behavior: a request pending at the wallet when the sockets drop is answered exactly once', async () => {
  const { wallet, dapp, provider, dappId, dropAndRecover, delivered } = await setup({
    autoRespond: false,
  })
  await dapp.connectTo(wallet)
  const result = provider.request<Hex>(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  const request = await wallet.nextRequest()
  const from = await dropAndRecover()
  await wallet.respond(request)
  const signature = await result
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
  // The next round trip proves no second answer to the first request was queued.
  const next = provider.request(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  await wallet.respond(await wallet.nextRequest(), '0x01')
  expect(await next).toBe('0x01')
  expect(delivered(from, dappId, TAG_RESPONSE)).toBe(2)
})

test('behavior: sockets dropped during pairing still lead to a session', async () => {
  const { wallet, dapp, provider, relay, dappId, frameAfter } = await setup()
  const approved = wallet.approve()
  await dapp.connect((uri) => {
    const from = relay.frames.length
    relay.dropAllSockets()
    void frameAfter(
      from,
      (f) => f.clientId === dappId && f.direction === 'in' && f.text.includes('irn_batchSubscribe'),
    ).then(() => wallet.pair(uri))
  })
  const session = await approved
  expect(provider.session?.topic).toBe(session.topic)
  await expect(
    provider.request(
      { method: 'personal_sign', params: [message, wallet.address] },
      'eip155:31337',
    ),
  ).resolves.toMatch(/^0x/)
})

test('error: garbage frames from the relay do not break a session', async () => {
  const { wallet, dapp, provider, relay } = await setup()
  await dapp.connectTo(wallet)
  expect(relay.sendGarbage()).toBe(2)
  const signature = await provider.request<Hex>(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
})
