import { type Hex, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import type { RelayFrame } from '../../stack/relay'
import { poll } from '../support/poll'
import { setupWalletConnectE2E } from './support/fixture'
import {
  clientIds,
  parse,
  published,
  sign,
  TAG_SESSION_REQUEST,
  TAG_SESSION_RESPONSE,
  waitForResubscribe,
} from './support/relay'

const e2e = setupWalletConnectE2E()

test('default', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet({ autoRespond: false })
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  const ids = clientIds(e2e.relay.frames)

  // A request is waiting in the wallet when every socket drops.
  const mark = e2e.relay.frames.length
  const pending = sign(session, '0x01', wallet.address)
  const request = await wallet.nextRequest()
  e2e.relay.dropAllSockets()
  await waitForResubscribe(e2e.relay, mark, ids)
  expect(e2e.relay.sendGarbage(ids.page)).toBeGreaterThan(0)
  await wallet.respond(request)
  const first = await pending
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: '0x01' }, signature: first }),
  ).toBe(true)

  // After the drop, requests go and come back once each.
  const messages = ['0x02', '0x03', '0x04'] as const
  const results = Promise.all(messages.map((m) => sign(session, m, wallet.address)))
  for (let i = 0; i < messages.length; i++) await wallet.respond(await wallet.nextRequest())
  const signatures = await results
  for (const [i, message] of messages.entries())
    expect(
      await verifyMessage({
        address: wallet.address,
        message: { raw: message },
        signature: signatures[i] as Hex,
      }),
    ).toBe(true)

  expect(published(e2e.relay.frames, mark, ids.page, TAG_SESSION_REQUEST), 'requests sent').toBe(4)
  expect(
    published(e2e.relay.frames, mark, ids.wallet, TAG_SESSION_RESPONSE),
    'responses sent',
  ).toBe(4)
  expect(await session.host.state()).toMatchObject({ status: 'connected', address: wallet.address })
})

/** The topics each socket of `clientId` subscribed, socket by socket (opens and closes split them). */
function subscriptionsPerSocket(frames: readonly RelayFrame[], clientId: string): string[][] {
  const sockets: string[][] = []
  let open = 0
  let maxOpen = 0
  for (const f of frames) {
    if (f.clientId !== clientId) continue
    if (f.direction === 'open') {
      open++
      maxOpen = Math.max(maxOpen, open)
      sockets.push([])
    } else if (f.direction === 'close') open--
    else if (f.direction === 'in') {
      const m = parse(f) as { method?: string; params?: { topic?: string; topics?: string[] } }
      const topics =
        m.method === 'irn_subscribe'
          ? [m.params?.topic ?? '']
          : m.method === 'irn_batchSubscribe'
            ? (m.params?.topics ?? [])
            : []
      sockets.at(-1)?.push(...topics)
    }
  }
  // Never two sockets of one client at once: a second would subscribe everything twice.
  expect(maxOpen, 'sockets open at once').toBe(1)
  return sockets
}

test('behavior: a drop during pairing: the kit reconnects, pairs, and subscribes each topic once (SECURITY 21)', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet({ autoRespond: false })
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const { uri } = await session.wc.read()
  const pageId = e2e.relay.frames.findLast(
    (f) => f.direction === 'open' && /browser/.test(decodeURIComponent(f.text)),
  )?.clientId
  if (!pageId) throw new Error('the page must have connected')
  const before = new Set(e2e.relay.topicsOf(pageId))
  // The socket drops while the QR code is on screen, before the wallet scanned it.
  const mark = e2e.relay.frames.length
  e2e.relay.dropAllSockets()
  await poll(() =>
    e2e.relay.frames
      .slice(mark)
      .some(
        (f) => f.clientId === pageId && f.direction === 'in' && /irn_batchSubscribe/.test(f.text),
      ),
  ).toBe(true)
  // The same pairing still works: the wallet scans the code shown before the drop.
  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  // Counted at the relay: no socket subscribed a topic twice, and the pairing topic is kept.
  for (const topics of subscriptionsPerSocket(e2e.relay.frames, pageId))
    expect(topics.length, topics.join(', ')).toBe(new Set(topics).size)
  const after = new Set(e2e.relay.topicsOf(pageId))
  for (const topic of before) expect(after.has(topic), `still subscribed to ${topic}`).toBe(true)
  // A request over the reconnected session goes through once.
  const pending = sign(session, '0x05', wallet.address)
  await wallet.respond(await wallet.nextRequest())
  expect(
    await verifyMessage({
      address: wallet.address,
      message: { raw: '0x05' },
      signature: await pending,
    }),
  ).toBe(true)
})

test('error: a request the wallet declines after a drop fails with its own text, and the session stays', async () => {
  const session = await e2e.newSession()
  const wallet = await e2e.newWallet({ autoRespond: false })
  await session.host.gotoBlank({ options: e2e.options() })
  await session.modal.openViaApi()
  await session.wc.entry.click()
  const approved = wallet.approve()
  await wallet.pair((await session.wc.read()).uri)
  await approved
  await poll(() => session.host.state().then((s) => s.status)).toBe('connected')
  const ids = clientIds(e2e.relay.frames)
  const mark = e2e.relay.frames.length
  const pending = session.page.evaluate(async (address) => {
    const kit = window.WalletKit?.init() as unknown as {
      getProvider(ns: string): { request(a: { method: string; params: unknown[] }): unknown }
    }
    try {
      await kit
        .getProvider('eip155')
        .request({ method: 'personal_sign', params: ['0x06', address] })
      return null
    } catch (error) {
      const e = error as { name: string; shortMessage: string; code: number }
      return { name: e.name, shortMessage: e.shortMessage, code: e.code }
    }
  }, wallet.address)
  const request = await wallet.nextRequest()
  e2e.relay.dropAllSockets()
  await waitForResubscribe(e2e.relay, mark, ids)
  await wallet.respondError(request, 4001, 'User rejected the request.')
  expect(await pending).toEqual({
    name: 'SignatureDeclinedError',
    shortMessage: 'Signature declined',
    code: 4001,
  })
  for (const topics of subscriptionsPerSocket(e2e.relay.frames, ids.page))
    expect(topics.length).toBe(new Set(topics).size)
  expect(await session.host.state()).toMatchObject({ status: 'connected', address: wallet.address })
})
