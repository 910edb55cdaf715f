import { getSDKVersion, MessageFormatter } from '@safe-global/safe-apps-sdk'
import { afterEach, expect, test, vi } from 'vitest'
import { openSafeChannel, SafeRequestFailed } from '../../../../src/connectors/safe/channel.js'
import { createFakeFrame, SAFE_INFO } from './fake-frame.js'

const SAFE = 'https://app.safe.global'
const OTHER = 'https://evil.example'
const open = (frame: ReturnType<typeof createFakeFrame>, allowed = [SAFE]) =>
  openSafeChannel({ allowedOrigins: allowed, timeoutMs: 1000, window: frame.window })

afterEach(() => {
  vi.useRealTimers()
})

test('default: a Safe parent on an allowed origin is found, every message aimed at its exact origin', async () => {
  const frame = createFakeFrame({
    parentOrigin: SAFE,
    ancestorOrigins: [SAFE],
    answers: { getSafeInfo: () => SAFE_INFO, rpcCall: () => '0x10' },
  })
  const found = await open(frame)
  expect(found?.info.safeAddress).toBe(SAFE_INFO.safeAddress)
  expect(found?.channel.origin).toBe(SAFE)
  expect(await found?.channel.request('rpcCall', { call: 'eth_blockNumber', params: [] })).toBe(
    '0x10',
  )
  expect(frame.posted.map((p) => [p.message.method, p.targetOrigin])).toEqual([
    ['getSafeInfo', SAFE],
    ['rpcCall', SAFE],
  ])
  expect(frame.posted.every((p) => p.targetOrigin !== '*')).toBe(true)
})

test('default: outside a frame nothing is sent and nothing is awaited', async () => {
  const listen = vi.spyOn(window, 'addEventListener')
  const post = vi.spyOn(window, 'postMessage')
  expect(window.parent).toBe(window)
  expect(await openSafeChannel({ allowedOrigins: [SAFE], timeoutMs: 60_000 })).toBeUndefined()
  expect(post).not.toHaveBeenCalled()
  expect(listen.mock.calls.filter(([type]) => type === 'message')).toEqual([])
})

test('error: a parent known to be on another origin is never written to', async () => {
  const frame = createFakeFrame({
    parentOrigin: OTHER,
    ancestorOrigins: [OTHER],
    answers: { getSafeInfo: () => SAFE_INFO },
  })
  expect(await open(frame)).toBeUndefined()
  expect(frame.posted).toEqual([])
  expect(frame.listeners.count).toBe(0)
})

test('behavior: with the parent’s origin unknown, each allowed origin is tried exactly', async () => {
  const site = 'https://safe.example.org'
  const frame = createFakeFrame({ parentOrigin: site, answers: { getSafeInfo: () => SAFE_INFO } })
  const found = await open(frame, [SAFE, site])
  expect(frame.posted.map((p) => p.targetOrigin)).toEqual([SAFE, site])
  expect(found?.channel.origin).toBe(site)
  // From then on, only the origin that answered.
  void found?.channel.request('rpcCall', {}).catch(() => undefined)
  expect(frame.posted.at(-1)?.targetOrigin).toBe(site)
  found?.channel.close()
})

test('behavior: the referrer names the parent when the browser has no ancestor origins', async () => {
  const frame = createFakeFrame({
    parentOrigin: SAFE,
    referrer: `${SAFE}/apps/open?safe=eth:0x1`,
    answers: { getSafeInfo: () => SAFE_INFO },
  })
  expect(await open(frame, [SAFE, 'https://other.example'])).toBeDefined()
  expect(frame.posted.map((p) => p.targetOrigin)).toEqual([SAFE])
})

test('behavior: a referrer of the site’s own page (a navigation inside the frame) names no parent', async () => {
  const frame = createFakeFrame({
    parentOrigin: SAFE,
    referrer: 'https://site.example/previous',
    answers: { getSafeInfo: () => SAFE_INFO },
  })
  expect(await open(frame, [SAFE, 'https://other.example'])).toBeDefined()
  expect(frame.posted.map((p) => p.targetOrigin)).toEqual([SAFE, 'https://other.example'])
})

test('error: answers from another window, another origin, with an unknown or replayed id are ignored', async () => {
  vi.useFakeTimers()
  const frame = createFakeFrame({ parentOrigin: SAFE, ancestorOrigins: [SAFE], silent: true })
  const opening = open(frame)
  const [request] = frame.posted
  const id = request?.message.id as string
  const forged = MessageFormatter.makeResponse(
    id,
    { ...SAFE_INFO, safeAddress: `0x${'66'.repeat(20)}` },
    getSDKVersion(),
  )
  frame.deliver(forged, { source: {} }) // a sibling frame or a popup
  frame.deliver(forged, { source: null }) // the page itself (a page script)
  frame.deliver(forged, { origin: OTHER }) // the parent navigated elsewhere
  frame.deliver(MessageFormatter.makeResponse('ab'.repeat(10), SAFE_INFO, '9.1.0'))
  frame.deliver({ ...forged, version: '0.9.0' }) // an SDK version below 1
  frame.deliver(MessageFormatter.makeResponse(id, SAFE_INFO, getSDKVersion()))
  frame.deliver(forged) // a replay of the id, now answered
  const found = await opening
  expect(found?.info.safeAddress).toBe(SAFE_INFO.safeAddress)
  found?.channel.close()
})

test('error: a parent that does not answer in time is not a Safe; nothing stays listening', async () => {
  vi.useFakeTimers()
  const frame = createFakeFrame({ parentOrigin: SAFE, ancestorOrigins: [SAFE], silent: true })
  const opening = open(frame)
  expect(frame.listeners.count).toBe(1)
  await vi.advanceTimersByTimeAsync(1000)
  expect(await opening).toBeUndefined()
  expect(frame.listeners.count).toBe(0)
  // A late answer finds nobody.
  frame.deliver(
    MessageFormatter.makeResponse(frame.posted[0]?.message.id as string, SAFE_INFO, '9.1.0'),
  )
})

test('error: an answer that is not a Safe, or an error, is not a Safe', async () => {
  for (const answers of [
    { getSafeInfo: () => ({ chainId: 1 }) },
    {
      getSafeInfo: () => {
        throw new Error('no')
      },
    },
  ]) {
    const frame = createFakeFrame({ parentOrigin: SAFE, ancestorOrigins: [SAFE], answers })
    expect(await open(frame)).toBeUndefined()
    expect(frame.listeners.count).toBe(0)
  }
})

test('behavior: an error answer rejects with the parent’s words; close() rejects what is pending', async () => {
  const frame = createFakeFrame({
    parentOrigin: SAFE,
    ancestorOrigins: [SAFE],
    answers: {
      getSafeInfo: () => SAFE_INFO,
      sendTransactions: () => {
        throw new Error('Transaction was rejected')
      },
    },
  })
  const found = await open(frame)
  await expect(found?.channel.request('sendTransactions', { txs: [] })).rejects.toThrow(
    new SafeRequestFailed('Transaction was rejected'),
  )
  const pending = found?.channel.request('signMessage', { message: 'hi' })
  found?.channel.close()
  await expect(pending).rejects.toBeInstanceOf(SafeRequestFailed)
  expect(frame.listeners.count).toBe(0)
})
