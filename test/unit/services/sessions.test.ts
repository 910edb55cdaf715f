import { expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../src/core/errors/http.js'
import { createHttpClient } from '../../../src/services/http.js'
import { createSessionsService, parseSessions } from '../../../src/services/sessions.js'

const projectId = '0123456789abcdef0123456789abcdef'
const CAIP = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function setup(body: unknown, status = 200) {
  const requests: { url: URL; method: string; body: string | null }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      body: (init?.body as string) ?? null,
    })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  const http = createHttpClient({
    baseUrl: 'https://rpc.api.example',
    projectId,
    sdkType: 'walletkit',
    sdkVersion: 'v',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { service: createSessionsService(http), requests }
}

const session = (overrides: Record<string, unknown> = {}) => ({
  project: { id: 'p', name: 'Example Game', url: 'https://game.example', iconUrl: null },
  pci: '0f7c1a52-7a5e-4c1e-9a5b-1c2d3e4f5a6b',
  expiry: 1_800_000_000,
  createdAt: 1_700_000_000,
  permissions: [
    {
      type: 'contract-call',
      data: { address: CONTRACT, abi: [], functions: [{ functionName: 'mint' }] },
    },
    {
      type: 'native-token-recurring-allowance',
      data: { allowance: '0x2386f26fc10000', start: 0, period: 86400 },
    },
    {
      type: 'erc20-recurring-allowance',
      data: { token: CONTRACT, allowance: '1000000', start: 0, period: 3600 },
    },
    { type: 'rate-limit', data: {} },
  ],
  policies: [],
  context: '0x',
  ...overrides,
})

test('default', async () => {
  const { service, requests } = setup({ pcis: [session({ revokedAt: 1_750_000_000 })] })
  expect(await service.getSessions(CAIP)).toEqual([
    {
      pci: '0f7c1a52-7a5e-4c1e-9a5b-1c2d3e4f5a6b',
      project: { name: 'Example Game', url: 'https://game.example', iconUrl: undefined },
      expiry: 1_800_000_000_000,
      createdAt: 1_700_000_000_000,
      revokedAt: 1_750_000_000_000,
      permissions: [
        { type: 'contract-call', contract: CONTRACT, functions: ['mint'] },
        {
          type: 'native-token-recurring-allowance',
          allowance: 10_000_000_000_000_000n,
          periodSeconds: 86400,
        },
        {
          type: 'erc20-recurring-allowance',
          token: CONTRACT,
          allowance: 1_000_000n,
          periodSeconds: 3600,
        },
        { type: 'other', name: 'rate-limit' },
      ],
    },
  ])
  expect(requests[0]?.url.pathname).toBe(`/v1/sessions/${encodeURIComponent(CAIP)}`)
  expect(requests[0]?.url.searchParams.get('projectId')).toBe(projectId)
})

const BINDING = { domain: 'shop.example', issuedAt: '2026-05-01T12:00:00.000Z', nonce: 'n0nce1234' }

test('behavior: revoke posts { pci, signature } and what the message binds to …/revoke', async () => {
  const { service, requests } = setup({ pci: 'x', revokedAt: 1 })
  await service.revokeSession(CAIP, { pci: 'x', signature: '0x12', ...BINDING })
  expect(requests[0]).toMatchObject({
    method: 'POST',
    body: JSON.stringify({ pci: 'x', signature: '0x12', ...BINDING }),
  })
  expect(requests[0]?.url.pathname).toBe(`/v1/sessions/${encodeURIComponent(CAIP)}/revoke`)
  await expect(
    setup({ message: 'Invalid signature' }, 401).service.revokeSession(CAIP, {
      pci: 'x',
      signature: '0x',
      ...BINDING,
    }),
  ).rejects.toMatchObject({
    status: 401,
  })
  await expect(
    setup({}, 401).service.revokeSession(CAIP, { pci: 'x', signature: '0x', ...BINDING }),
  ).rejects.toBeInstanceOf(HttpRequestError)
})

test('error: a pci that is not a plain token, bad times and bad permissions are dropped', () => {
  const list = parseSessions({
    pcis: [
      session({ pci: 'abc\nAccount: eip155:1:0xdead' }),
      session({ expiry: 'soon' }),
      session({ createdAt: -1 }),
      session({ project: { name: 42 } }),
      session({
        permissions: [
          { type: 'native-token-recurring-allowance', data: { allowance: '1e18', period: 1 } },
        ],
      }),
      JSON.parse('{"__proto__": {"x": 1}}'),
      session(),
    ],
  })
  expect(list.map((s) => s.permissions.length)).toEqual([0, 4])
  expect(() => parseSessions({ pcis: 'none' })).toThrow()
})
