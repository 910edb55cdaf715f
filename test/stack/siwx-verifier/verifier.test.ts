// @vitest-environment node
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { testAccount } from '../chain/accounts'
import { type Stack, startStack } from '../index'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.stop()
})
beforeEach(() => {
  stack.siwxVerifier.reset()
})

const alice = testAccount(1)
const bob = testAccount(2)

async function nonce(): Promise<string> {
  const response = await fetch(`${stack.urls.siwxVerifier}/nonce`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { nonce: string }).nonce
}

/** A sign-in message for the app server's host, with `patch` applied, signed by `signer`. */
async function signIn(
  patch: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  signer = alice,
) {
  const { host, origin } = new URL(stack.urls.app)
  const message = createSiweMessage({
    address: alice.address,
    chainId: 31337,
    domain: host,
    uri: origin,
    version: '1',
    nonce: patch.nonce ?? (await nonce()),
    issuedAt: new Date(Date.now() - 1000),
    expirationTime: new Date(Date.now() + 60_000),
    ...patch,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

async function post(body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack.urls.siwxVerifier}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

test('default', async () => {
  expect(stack.urls.siwxVerifier).toBe(`${stack.urls.app}/siwx`)
  const attempt = await signIn()
  expect(await post(attempt)).toEqual({
    status: 200,
    body: { valid: true, address: alice.address, chainId: 31337 },
  })
  expect(stack.siwxVerifier.verifications).toMatchObject([{ valid: true, address: alice.address }])
})

test('behavior: nonces are single use, 20 alphanumeric characters each', async () => {
  const nonces = await Promise.all([nonce(), nonce(), nonce()])
  for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9]{20}$/)
  expect(new Set(nonces).size).toBe(3)
  const attempt = await signIn()
  expect((await post(attempt)).status).toBe(200)
  expect(await post(attempt)).toEqual({
    status: 401,
    body: { valid: false, reason: 'unknown-nonce' },
  })
})

test('error: each refusal with its reason', async () => {
  const reasons: Record<string, unknown> = {}
  const reasonOf = async (attempt: { message: string; signature: string }) =>
    ((await post(attempt)).body as { reason?: string }).reason
  reasons.domain = await reasonOf(await signIn({ domain: 'shop.example' }))
  reasons.uri = await reasonOf(await signIn({ uri: 'https://shop.example' }))
  reasons.nonce = await reasonOf(await signIn({ nonce: 'neverIssued123' }))
  reasons.expired = await reasonOf(await signIn({ expirationTime: new Date(Date.now() - 1000) }))
  reasons.notBefore = await reasonOf(await signIn({ notBefore: new Date(Date.now() + 60_000) }))
  reasons.chain = await reasonOf(await signIn({ chainId: 1 }))
  reasons.signature = await reasonOf(await signIn({}, bob))
  expect(reasons).toMatchInlineSnapshot(`
    {
      "chain": "unknown-chain",
      "domain": "domain-mismatch",
      "expired": "expired",
      "nonce": "unknown-nonce",
      "notBefore": "not-yet-valid",
      "signature": "bad-signature",
      "uri": "uri-mismatch",
    }
  `)
})

test('error: malformed requests', async () => {
  const attempt = await signIn()
  expect(await post('not json')).toEqual({
    status: 400,
    body: { message: 'Expected a JSON body { message, signature }' },
  })
  expect((await post({ message: attempt.message })).status).toBe(400)
  expect((await post({ ...attempt, signature: 'xyz' })).status).toBe(400)
  expect((await post({ message: 'hello', signature: attempt.signature })).status).toBe(400)
  expect((await post('x'.repeat(20_000))).status).toBe(413)
  expect((await fetch(`${stack.urls.siwxVerifier}/other`)).status).toBe(404)
  expect((await fetch(`${stack.urls.siwxVerifier}/verify`)).status).toBe(404)
})
