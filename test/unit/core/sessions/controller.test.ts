import { signal } from '@preact/signals-core'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import {
  SignatureDeclinedError,
  UserRejectedRequestError,
} from '../../../../src/core/errors/rpc.js'
import { SmartSessionRevokeError } from '../../../../src/core/errors/sessions.js'
import {
  createSmartSessions,
  type SessionsTarget,
} from '../../../../src/core/sessions/controller.js'
import { revocationMessage } from '../../../../src/core/sessions/message.js'
import type { SmartSession } from '../../../../src/core/sessions/types.js'
import type { RevokeSessionBody } from '../../../../src/core/types/services.js'

const NOW = Date.UTC(2026, 10, 25)
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP = `eip155:1:${ADDRESS}`

const session = (pci: string, overrides: Partial<SmartSession> = {}): SmartSession => ({
  pci,
  project: { name: 'Game' },
  expiry: NOW + 3_600_000,
  createdAt: NOW - 1000,
  permissions: [],
  ...overrides,
})

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function setup(list: SmartSession[]) {
  let stored = list
  const api = {
    getSessions: vi.fn(async () => stored),
    revokeSession: vi.fn(async (_caip: string, body: RevokeSessionBody) => {
      stored = stored.map((s) => (s.pci === body.pci ? { ...s, revokedAt: NOW } : s))
    }),
  }
  const sign = vi.fn(async (message: string, _address: string) => `0xsigned:${message.length}`)
  const target = signal<SessionsTarget | undefined>({ caipAddress: CAIP, address: ADDRESS })
  const domain = vi.fn((): string | undefined => 'shop.example')
  const sessions = createSmartSessions({ api, target, sign, domain, now: () => NOW })
  cleanups.push(() => sessions.destroy())
  return { sessions, api, sign, target, domain }
}

test('default', async () => {
  const { sessions, api } = setup([
    session('a', { createdAt: NOW - 5000 }),
    session('b', { expiry: NOW - 1 }),
    session('c', { revokedAt: NOW - 10 }),
    session('d'),
  ])
  await sessions.load()
  expect(api.getSessions).toHaveBeenCalledWith(CAIP)
  expect(sessions.status.value).toBe('ready')
  // Active first, then expired, then revoked; newest first within a state.
  expect(sessions.rows.value.map((r) => [r.pci, r.state])).toEqual([
    ['d', 'active'],
    ['a', 'active'],
    ['b', 'expired'],
    ['c', 'revoked'],
  ])
})

describe('revoke', () => {
  test('behavior: the wallet signs the revocation message (site, time, nonce), it is posted with the signature, the list updates', async () => {
    const { sessions, api, sign } = setup([session('a')])
    await sessions.load()
    const pending = sessions.revoke('a')
    expect(sessions.revoking.value).toBe('a')
    await pending
    const body = api.revokeSession.mock.calls[0]?.[1] as RevokeSessionBody
    expect(body).toEqual({
      pci: 'a',
      signature: expect.stringMatching(/^0xsigned:/),
      domain: 'shop.example',
      issuedAt: new Date(NOW).toISOString(),
      nonce: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
    })
    const message = revocationMessage({ caipAddress: CAIP, ...body })
    expect(sign).toHaveBeenCalledWith(message, ADDRESS)
    expect(body.signature).toBe(`0xsigned:${message.length}`)
    expect(sessions.revoking.value).toBeUndefined()
    expect(sessions.rows.value[0]?.state).toBe('revoked')
  })

  test('behavior: each revocation has its own nonce', async () => {
    const { sessions, api } = setup([session('a'), session('b')])
    await sessions.load()
    await sessions.revoke('a')
    await sessions.revoke('b')
    const [first, second] = api.revokeSession.mock.calls.map((c) => c[1].nonce)
    expect(first).not.toBe(second)
  })

  test('error: without the page’s host there is no message to sign', async () => {
    const { sessions, api, sign, domain } = setup([session('a')])
    await sessions.load()
    domain.mockReturnValue(undefined)
    await expect(sessions.revoke('a')).rejects.toBeInstanceOf(SmartSessionRevokeError)
    expect(sign).not.toHaveBeenCalled()
    expect(api.revokeSession).not.toHaveBeenCalled()
    expect(sessions.failure.value).toEqual({ pci: 'a', reason: 'failed' })
  })

  test('error: a refused signature (401) says so, apart from a decline or another failure', async () => {
    const { sessions, api, sign } = setup([session('a')])
    await sessions.load()
    api.revokeSession.mockRejectedValueOnce(new HttpRequestError({ status: 401, url: 'u' }))
    const refused = await sessions.revoke('a').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SmartSessionRevokeError)
    expect((refused as SmartSessionRevokeError).shortMessage).toBe(
      'The revocation signature was refused',
    )
    expect(sessions.failure.value).toEqual({ pci: 'a', reason: 'signature-refused' })
    expect(sessions.rows.value[0]?.state).toBe('active')

    sign.mockRejectedValueOnce(new UserRejectedRequestError(new Error('no')))
    await expect(sessions.revoke('a')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(sessions.failure.value).toEqual({ pci: 'a', reason: 'declined' })
    // A decline as the one error mapping says it (the wallet's provider through walletProvider()).
    sign.mockRejectedValueOnce(new SignatureDeclinedError(new Error('no')))
    await expect(sessions.revoke('a')).rejects.toBeInstanceOf(SignatureDeclinedError)
    expect(sessions.failure.value).toEqual({ pci: 'a', reason: 'declined' })

    api.revokeSession.mockRejectedValueOnce(new HttpRequestError({ status: 500, url: 'u' }))
    await expect(sessions.revoke('a')).rejects.toMatchObject({
      shortMessage: 'Error revoking smart session',
    })
    expect(sessions.failure.value).toEqual({ pci: 'a', reason: 'failed' })
  })

  test('behavior: already revoked elsewhere (409) is no failure; the list shows it', async () => {
    const { sessions, api } = setup([session('a')])
    await sessions.load()
    api.revokeSession.mockRejectedValueOnce(new HttpRequestError({ status: 409, url: 'u' }))
    api.getSessions.mockResolvedValueOnce([session('a', { revokedAt: NOW })])
    await sessions.revoke('a')
    expect(sessions.failure.value).toBeUndefined()
    expect(sessions.rows.value[0]?.state).toBe('revoked')
  })
})

test('error: a failed list says so; another account clears it', async () => {
  const { sessions, api, target } = setup([session('a')])
  api.getSessions.mockRejectedValueOnce(new HttpRequestError({ status: 503, url: 'u' }))
  await sessions.load()
  expect(sessions.status.value).toBe('error')
  expect(sessions.error.value?.shortMessage).toBe('Error fetching smart sessions')
  await sessions.load()
  expect(sessions.rows.value).toHaveLength(1)
  target.value = {
    caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    address: '0x7099',
  }
  expect(sessions.rows.value).toEqual([])
  expect(sessions.status.value).toBe('idle')
})
