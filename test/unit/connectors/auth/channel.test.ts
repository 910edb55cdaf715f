import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFrameChannel, FrameRequestError } from '../../../../src/connectors/auth/channel.js'
import { LOGIN_FRAME_TIMEOUT_MS } from '../../../../src/core/constants.js'
import { AuthInitError } from '../../../../src/core/errors/auth.js'
import { createFakeFrame, FRAME_ORIGIN, FRAME_URL, settle } from './fake-frame.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  const frame = createFakeFrame()
  const channel = createFrameChannel({ url: FRAME_URL, mount: frame.mount, target: frame.page })
  return { frame, channel }
}

const USER = {
  address: '0x1111111111111111111111111111111111111111',
  chainId: 31337,
  accounts: [
    { address: '0x1111111111111111111111111111111111111111', type: 'smartAccount' },
    { address: '0x2222222222222222222222222222222222222222', type: 'eoa' },
  ],
  preferredAccountType: 'smartAccount',
  method: 'email',
  email: 'alice@example.com',
}

test('default', async () => {
  const { frame, channel } = setup()
  expect(frame.mounted).toEqual([])
  const answer = channel.request('GET_USER', {
    chainId: 31337,
    preferredAccountType: 'smartAccount',
  })
  // The frame is created on first use, invisible until the kit shows it, versioned in its URL.
  const [iframe] = frame.mounted
  expect(iframe?.src).toBe(`${FRAME_URL}?v=1`)
  // Nothing is posted before the frame says it is ready.
  expect(frame.posted).toEqual([])
  frame.ready()
  expect(frame.posted).toHaveLength(1)
  const [{ message, targetOrigin } = {} as never] = frame.posted
  expect(targetOrigin).toBe(FRAME_ORIGIN)
  expect(message).toEqual({
    protocol: 'walletkit-login',
    version: 1,
    kind: 'request',
    id: expect.stringMatching(/^[0-9a-f]{32}$/),
    type: 'GET_USER',
    payload: { chainId: 31337, preferredAccountType: 'smartAccount' },
  })
  frame.answer(message, USER)
  await expect(answer).resolves.toEqual(USER)
  expect(channel.forged.value).toBe(0)
})

test('behavior: every post targets the exact frame origin, never "*"', async () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.ready()
  for (let i = 0; i < 5; i++) void channel.request('IS_CONNECTED', {}).catch(() => undefined)
  expect(frame.posted.map((p) => p.targetOrigin)).toEqual(Array(5).fill(FRAME_ORIGIN))
  expect(new Set(frame.posted.map((p) => p.message.id)).size).toBe(5)
})

test('behavior: forged, misshapen, unknown and replayed answers are refused and counted', async () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.ready()
  const answer = channel.request('IS_CONNECTED', {})
  const [{ message } = {} as never] = frame.posted
  const good = { ...frame.envelope, kind: 'response', id: message.id, type: message.type, ok: true }
  const forged = { ...good, result: { isConnected: true } }
  frame.deliver(forged, 'https://evil.example') // another origin
  frame.deliver(forged, FRAME_ORIGIN, {}) // another window of the frame's origin
  frame.deliver(forged, 'null') // a sandboxed frame
  frame.deliver(forged, 'null', null)
  frame.deliver({ ...good, result: { isConnected: 'yes' } }) // wrong shape
  frame.deliver({ ...good, result: { isConnected: true, extra: 1 } }) // extra key
  frame.deliver({ ...forged, version: 2 }) // another version
  frame.deliver({ ...forged, type: 'GET_USER' }) // an answer to another request type
  frame.deliver({ ...forged, id: 'a'.repeat(32) }) // an id never sent
  frame.deliver({ ...forged, id: 'not-an-id' })
  frame.deliver({ ...frame.envelope, kind: 'ready', extra: true })
  await settle()
  expect(channel.forged.value).toBe(11)
  frame.answer(message, { isConnected: false })
  await expect(answer).resolves.toEqual({ isConnected: false })
  // The same id again is a replay.
  frame.answer(message, { isConnected: true })
  expect(channel.forged.value).toBe(12)
})

test('behavior: other traffic on the page is left alone, uncounted', () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.deliver({ hello: 'world' }, 'https://other.example', {})
  frame.deliver('a string', 'https://other.example', {})
  frame.deliver(null, 'https://other.example', {})
  expect(channel.forged.value).toBe(0)
  // A message of the protocol from elsewhere is counted.
  frame.deliver({ ...frame.envelope, kind: 'ready' }, 'https://other.example', {})
  expect(channel.forged.value).toBe(1)
})

test('behavior: a social result is left to the popup while one waits', () => {
  let waiting = true
  const frame = createFakeFrame()
  const channel = createFrameChannel({
    url: FRAME_URL,
    mount: frame.mount,
    target: frame.page,
    socialPending: () => waiting,
  })
  channel.prepare()
  const result = { ...frame.envelope, kind: 'social-result', resultUri: 'https://x' }
  frame.deliver(result, FRAME_ORIGIN, {})
  expect(channel.forged.value).toBe(0)
  waiting = false
  frame.deliver(result, FRAME_ORIGIN, {})
  expect(channel.forged.value).toBe(1)
})

test('behavior: the frame refusing a request rejects it with its code', async () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.ready()
  const answer = channel.request('CONNECT_OTP', { otp: '123456' })
  const [{ message } = {} as never] = frame.posted
  frame.fail(message, { code: 'INVALID_OTP', message: 'Wrong code.' })
  const error = await answer.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(FrameRequestError)
  expect((error as FrameRequestError).error).toEqual({
    code: 'INVALID_OTP',
    message: 'Wrong code.',
  })
})

test("error: no answer within LOGIN_FRAME_TIMEOUT_MS gives the spec's text; a late answer is ignored", async () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.ready()
  const answer = channel.request('CONNECT_EMAIL', { email: 'a@b.co' })
  const caught = answer.catch((e: unknown) => e)
  await vi.advanceTimersByTimeAsync(LOGIN_FRAME_TIMEOUT_MS - 1)
  expect(await Promise.race([caught, Promise.resolve('pending')])).toBe('pending')
  await vi.advanceTimersByTimeAsync(1)
  const error = await caught
  expect(error).toBeInstanceOf(AuthInitError)
  expect((error as AuthInitError).shortMessage).toBe(
    'A problem occurred while trying initialize authentication',
  )
  const [{ message } = {} as never] = frame.posted
  frame.answer(message, { action: 'VERIFY_OTP' })
  expect(channel.forged.value).toBe(0)
})

test('error: a frame that never loads: every request fails after the time-out', async () => {
  const { channel } = setup()
  const answers = [
    channel.request('IS_CONNECTED', {}).catch((e: unknown) => e),
    channel
      .request(
        'RPC_REQUEST',
        { chainId: 1, method: 'personal_sign', params: [], approval: true },
        { timeout: 'ready' },
      )
      .catch((e: unknown) => e),
  ]
  await vi.advanceTimersByTimeAsync(LOGIN_FRAME_TIMEOUT_MS)
  for (const error of await Promise.all(answers)) expect(error).toBeInstanceOf(AuthInitError)
})

test('behavior: an approval waits for the visitor beyond the time-out once the frame is ready', async () => {
  const { frame, channel } = setup()
  const answer = channel.request(
    'RPC_REQUEST',
    { chainId: 1, method: 'personal_sign', params: ['0x00'], approval: true },
    { timeout: 'ready' },
  )
  frame.ready()
  await vi.advanceTimersByTimeAsync(LOGIN_FRAME_TIMEOUT_MS * 4)
  const [{ message } = {} as never] = frame.posted
  frame.answer(message, { result: '0xabcd' })
  await expect(answer).resolves.toEqual({ result: '0xabcd' })
})

test('behavior: aborting a request rejects it and tells the frame', async () => {
  const { frame, channel } = setup()
  channel.prepare()
  frame.ready()
  const controller = new AbortController()
  const answer = channel.request(
    'RPC_REQUEST',
    { chainId: 1, method: 'personal_sign', params: [], approval: true },
    { timeout: 'ready', signal: controller.signal },
  )
  const reason = new Error('declined')
  controller.abort(reason)
  await expect(answer).rejects.toBe(reason)
  const [first, abort] = frame.posted
  expect(abort?.message).toMatchObject({
    type: 'RPC_ABORT',
    payload: { requestId: first?.message.id },
  })
})

test('behavior: destroy() removes the frame and the listener; pending requests fail', async () => {
  const { frame, channel } = setup()
  const answer = channel.request('IS_CONNECTED', {}).catch((e: unknown) => e)
  channel.destroy()
  expect(await answer).toBeInstanceOf(AuthInitError)
  frame.ready()
  frame.deliver({ ...frame.envelope, kind: 'ready' }, 'https://evil.example', {})
  expect(channel.ready.value).toBe(false)
  expect(channel.forged.value).toBe(0)
})
