import { type Hex, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import type { RelayFrame } from '../../stack/relay'
import { poll } from '../support/poll'
import { setupWalletConnectE2E, type WcSession } from './support/fixture'

const e2e = setupWalletConnectE2E()

const TAG_SESSION_REQUEST = 1108
const TAG_SESSION_RESPONSE = 1109

type Rpc = { method?: string; params?: { tag?: number; data?: { tag?: number } } }

function parse(frame: RelayFrame): Rpc {
  try {
    return JSON.parse(frame.text) as Rpc
  } catch {
    return {}
  }
}

/** The client ids of the page and of the Node wallet, from the upgrade URLs' user agents. */
function clientIds(frames: readonly RelayFrame[]): { page: string; wallet: string } {
  const opened = frames.filter((f) => f.direction === 'open')
  const page = opened.findLast((f) => /browser/.test(decodeURIComponent(f.text)))?.clientId
  const wallet = opened.findLast((f) => /node/.test(decodeURIComponent(f.text)))?.clientId
  if (!page || !wallet) throw new Error('both clients must have connected')
  return { page, wallet }
}

/** Publishes a client made with `tag`, from frame index `from` on. */
function published(frames: readonly RelayFrame[], from: number, clientId: string, tag: number) {
  return frames
    .slice(from)
    .filter((f) => f.direction === 'in' && f.clientId === clientId)
    .map(parse)
    .filter((m) => m.method === 'irn_publish' && m.params?.tag === tag).length
}

function sign(session: WcSession, message: Hex, address: string): Promise<Hex> {
  return session.page.evaluate(
    async ({ message, address }) => {
      const kit = window.WalletKit?.init() as unknown as {
        getProvider(ns: string): { request(a: { method: string; params: unknown[] }): unknown }
      }
      return (await kit.getProvider('eip155').request({
        method: 'personal_sign',
        params: [message, address],
      })) as Hex
    },
    { message, address },
  )
}

/** Waits until both clients sent `irn_batchSubscribe` after frame index `from` (they are back). */
async function waitForResubscribe(from: number, ids: { page: string; wallet: string }) {
  const resubscribed = (clientId: string) =>
    e2e.relay.frames
      .slice(from)
      .some(
        (f) => f.direction === 'in' && f.clientId === clientId && /irn_batchSubscribe/.test(f.text),
      )
  await poll(() => resubscribed(ids.page) && resubscribed(ids.wallet)).toBe(true)
}

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
  await waitForResubscribe(mark, ids)
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
