// @vitest-environment node
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAccount } from '../chain/accounts'
import { type Stack, startStack } from '../index'

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ chains: true })
}, 60_000)
afterAll(async () => {
  await stack?.stop()
})

/** Signs in on `chainId` with the stack's own nonce; returns the verifier's answer. */
async function verify(chainId: number, signer = testAccount(1)) {
  const { nonce } = (await (await fetch(`${stack.urls.siwxVerifier}/nonce`)).json()) as {
    nonce: string
  }
  const { host, origin } = new URL(stack.urls.app)
  const message = createSiweMessage({
    address: testAccount(1).address,
    chainId,
    domain: host,
    uri: origin,
    version: '1',
    nonce,
  })
  const response = await fetch(`${stack.urls.siwxVerifier}/verify`, {
    method: 'POST',
    body: JSON.stringify({ message, signature: await signer.signMessage({ message }) }),
  })
  return { status: response.status, body: await response.json() }
}

test('default', async () => {
  // With the chains running, the signature is checked on the chain (contract accounts too).
  expect(stack.urls.rpc['31338']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(await verify(31338)).toEqual({
    status: 200,
    body: { valid: true, address: testAccount(1).address, chainId: 31338 },
  })
})

test('error: another account’s signature, checked on the chain', async () => {
  expect(await verify(31337, testAccount(2))).toEqual({
    status: 401,
    body: { valid: false, reason: 'bad-signature' },
  })
})
