// @vitest-environment node
import {
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  partiallySignTransaction,
} from '@solana/kit'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import {
  buildTransfer,
  createSolanaChain,
  SOLANA_START_LAMPORTS,
  type SolanaRpc,
  solanaTestAccount,
  startSolanaRpc,
} from './index.js'

let rpc: SolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc({ chain: await createSolanaChain() })
})
afterAll(() => rpc?.stop())
beforeEach(() => rpc.reset())

let id = 0
async function post(body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  })
}
async function call<T = unknown>(method: string, params: unknown[] = []) {
  const response = await post({ jsonrpc: '2.0', id: ++id, method, params })
  return (await response.json()) as {
    result?: T
    error?: { code: number; message: string; data?: unknown }
  }
}
async function result<T>(method: string, params: unknown[] = []): Promise<T> {
  const answer = await call<T>(method, params)
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result as T
}

/** A transfer from account `from` signed by its key, as base64 wire bytes. */
async function signedTransfer(from: number, to: string, lamports: bigint): Promise<string> {
  const sender = await solanaTestAccount(from)
  const { value } = await result<{ value: { blockhash: string } }>('getLatestBlockhash')
  const wire = buildTransfer({ from: sender.address, to, lamports, blockhash: value.blockhash })
  const signed = await partiallySignTransaction([sender.keyPair], rpc.chain.decode(wire))
  return getBase64Decoder().decode(getTransactionEncoder().encode(signed))
}

const balanceOf = async (address: string) =>
  (await result<{ value: number }>('getBalance', [address])).value

test('default', async () => {
  const { address } = await solanaTestAccount(0)
  const balance = await result<{ context: { slot: number }; value: number }>('getBalance', [
    address,
  ])
  expect(balance).toEqual({
    context: expect.objectContaining({ slot: expect.any(Number) }),
    value: Number(SOLANA_START_LAMPORTS),
  })
  const latest = await result<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
    'getLatestBlockhash',
  )
  expect(latest.value.blockhash).toBe(rpc.chain.svm.latestBlockhash())
  expect(latest.value.lastValidBlockHeight).toBeGreaterThan(0)
})

test('behavior: a signed transfer executes, its status is final and the balances change', async () => {
  const sender = await solanaTestAccount(1)
  const { address: to } = await solanaTestAccount(9)
  const before = await balanceOf(sender.address)
  const wire = await signedTransfer(1, to, 250_000_000n)
  const signature = await result<string>('sendTransaction', [wire, { encoding: 'base64' }])
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  const statuses = await result<{ value: unknown[] }>('getSignatureStatuses', [
    [signature, '1'.repeat(64)],
  ])
  expect(statuses.value).toEqual([
    {
      slot: expect.any(Number),
      confirmations: null,
      err: null,
      status: { Ok: null },
      confirmationStatus: 'finalized',
    },
    null,
  ])
  expect(await balanceOf(to)).toBe(250_000_000)
  expect(await balanceOf(sender.address)).toBe(before - 250_000_000 - 5_000)
  const info = await result<{ value: { lamports: number; owner: string; data: [string, string] } }>(
    'getAccountInfo',
    [to, { encoding: 'base64' }],
  )
  expect(info.value).toMatchObject({
    lamports: 250_000_000,
    owner: '11111111111111111111111111111111',
    data: ['', 'base64'],
    executable: false,
  })
})

test('behavior: sendTransaction takes base58 when no encoding is given', async () => {
  const { address: to } = await solanaTestAccount(10)
  const wire = await signedTransfer(2, to, 1_000_000n)
  const bytes = Uint8Array.from(Buffer.from(wire, 'base64'))
  const signature = await result<string>('sendTransaction', [getBase58Decoder().decode(bytes)])
  expect(rpc.chain.status(signature)).toEqual({ slot: expect.any(Number), err: null })
})

test('behavior: simulateTransaction reports without changing balances', async () => {
  const { address: to } = await solanaTestAccount(11)
  const wire = await signedTransfer(3, to, 1_000_000n)
  const simulated = await result<{
    value: { err: unknown; logs: string[]; unitsConsumed: number }
  }>('simulateTransaction', [wire, { encoding: 'base64' }])
  expect(simulated.value.err).toBeNull()
  expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success')
  expect(simulated.value.unitsConsumed).toBeGreaterThan(0)
  expect(await balanceOf(to)).toBe(0)
})

test('behavior: getFeeForMessage answers the base fee of the signatures a message needs', async () => {
  const { address: to } = await solanaTestAccount(13)
  const wire = Buffer.from(await signedTransfer(1, to, 1_000n), 'base64')
  // The wire format: one signature (compact length 1, 64 bytes), then the message.
  const message = wire.subarray(65).toString('base64')
  expect(await result('getFeeForMessage', [message])).toMatchObject({ value: 5000 })
  expect((await call('getFeeForMessage', ['not base64!'])).error?.code).toBe(-32602)
})

test('behavior: small calls clients make on their own', async () => {
  expect(await result('getMinimumBalanceForRentExemption', [0])).toBe(890_880)
  expect(await result('getHealth')).toBe('ok')
  expect(typeof (await result('getSlot'))).toBe('number')
  expect(await result('getGenesisHash')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/)
  const { address } = await solanaTestAccount(12)
  expect(await result('getAccountInfo', [address])).toMatchObject({ value: null })
  await result('requestAirdrop', [address, 1_000_000_000])
  expect(await balanceOf(address)).toBe(1_000_000_000)
})

test('behavior: batches are answered in order; CORS lets any page read the answer', async () => {
  const response = await post(
    [
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ],
    { headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' } },
  )
  expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1')
  expect(await response.json()).toEqual([
    { jsonrpc: '2.0', id: 'a', result: 'ok' },
    { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
  ])
  const preflight = await fetch(rpc.url, {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST' },
  })
  expect(preflight.status).toBe(204)
  expect(rpc.calls.map((c) => c.method)).toEqual(['getHealth', 'nope'])
})

test('error: a transfer over the balance fails its preflight and does not land', async () => {
  const { address: to } = await solanaTestAccount(13)
  const wire = await signedTransfer(0, to, SOLANA_START_LAMPORTS * 2n)
  const answer = await call('sendTransaction', [wire, { encoding: 'base64' }])
  expect(answer.error).toMatchObject({
    code: -32002,
    message: expect.stringMatching(/^Transaction simulation failed: /),
  })
  expect(await balanceOf(to)).toBe(0)
})

test('error: with skipPreflight a failing transfer lands with its error', async () => {
  const { address: to } = await solanaTestAccount(14)
  const wire = await signedTransfer(0, to, SOLANA_START_LAMPORTS * 2n)
  const signature = await result<string>('sendTransaction', [
    wire,
    { encoding: 'base64', skipPreflight: true },
  ])
  const statuses = await result<{ value: [{ err: unknown; status: unknown }] }>(
    'getSignatureStatuses',
    [[signature]],
  )
  expect(statuses.value[0].err).not.toBeNull()
  expect(statuses.value[0].status).toEqual({ Err: statuses.value[0].err })
})

test('error: a transaction with a wrong signature is refused', async () => {
  const { address: to } = await solanaTestAccount(15)
  const wire = Buffer.from(await signedTransfer(1, to, 1_000n), 'base64')
  wire[5] = (wire[5] ?? 0) ^ 0xff // inside the first signature
  const answer = await call('sendTransaction', [wire.toString('base64'), { encoding: 'base64' }])
  expect(answer.error?.code).toBe(-32002)
  expect(await balanceOf(to)).toBe(0)
})

test('error: malformed requests get JSON-RPC errors', async () => {
  expect((await call('getBalance', ['not-an-address'])).error?.code).toBe(-32602)
  expect((await call('getBalance', {} as unknown as unknown[])).error?.code).toBe(-32602)
  expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602)
  expect((await call('sendTransaction', ['x', { encoding: 'jsonParsed' }])).error?.code).toBe(
    -32602,
  )
  expect((await call('getSignatureStatuses', ['x'])).error?.code).toBe(-32602)
  // Below the rent-exempt minimum, as a real cluster refuses it.
  const { address } = await solanaTestAccount(16)
  expect((await call('requestAirdrop', [address, 5])).error).toMatchObject({
    code: -32603,
    message: expect.stringContaining('InsufficientFundsForRent'),
  })
  const garbage = await fetch(rpc.url, { method: 'POST', body: '{' })
  expect(await garbage.json()).toMatchObject({ error: { code: -32700 } })
  expect((await fetch(rpc.url)).status).toBe(405)
})

test('error: failNext answers the next request with a server error', async () => {
  rpc.failNext({ status: 503 })
  expect((await post({ jsonrpc: '2.0', id: 1, method: 'getHealth' })).status).toBe(503)
  expect(await result('getHealth')).toBe('ok')
})
