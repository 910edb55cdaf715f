import { expect, test, vi } from 'vitest'
import {
  createSolanaAdapter,
  formatLamports,
  isSolanaAddress,
  SOL_DECIMALS,
} from '../../../../src/chains/solana/adapter.js'
import { InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RPC = 'http://127.0.0.1:8899/'
const LOCALNET = resolveNetwork({
  caipNetworkId: 'solana:localnet',
  name: 'Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: RPC,
})

function blockchain(): BlockchainService {
  return {
    getBalances: vi.fn(async (_a: string, chainId: string) => [
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId,
        price: 150,
        value: 1500,
        quantity: { decimals: '9', numeric: '10' },
      },
    ]),
    getIdentity: vi.fn(),
    getSupportedChains: vi.fn(),
    lookupName: vi.fn(),
    getHistory: vi.fn(async () => ({ items: [], next: null })),
    getSessions: vi.fn(async () => []),
    revokeSession: vi.fn(async () => undefined),
  }
}

/** Answers the RPC's getBalance with `value` (or a whole JSON-RPC body). */
function stubBalance(answer: unknown) {
  const calls: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(answer as object) }))
    }),
  )
  return calls
}

test('default', async () => {
  const api = blockchain()
  const adapter = createSolanaAdapter({ blockchain: api, rpc: rpcRequest })
  expect(adapter.namespace).toBe('solana')
  expect(adapter.formatAddress(ADDRESS)).toBe(ADDRESS)
  expect(SOL_DECIMALS).toBe(9)
  const balances = await adapter.getTokenBalances(ADDRESS, LOCALNET)
  expect(balances[0]?.quantity.numeric).toBe('10')
  expect(api.getBalances).toHaveBeenCalledWith(ADDRESS, 'solana:localnet')
  expect(adapter.getIdentity).toBeUndefined()
})

test('args: lamports as SOL', () => {
  expect(formatLamports(0n)).toBe('0')
  expect(formatLamports(1n)).toBe('0.000000001')
  expect(formatLamports(1_000_000_000n)).toBe('1')
  expect(formatLamports(1_500_000_000n)).toBe('1.5')
  expect(formatLamports(123_456_789_012_345_678n)).toBe('123456789.012345678')
  expect(formatLamports(-2_500_000_000n)).toBe('-2.5')
  expect(formatLamports(15n, 1)).toBe('1.5')
})

test('args: addresses are SPEC §5 base58 of 32 to 44 characters that decode to a 32-byte key', () => {
  expect(isSolanaAddress(ADDRESS)).toBe(true)
  expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true) // 32 chars, the system program
  expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
  expect(isSolanaAddress('1'.repeat(31))).toBe(false)
  expect(isSolanaAddress('z'.repeat(45))).toBe(false)
  expect(isSolanaAddress('z'.repeat(44))).toBe(false) // base58 but more than 32 bytes
  expect(isSolanaAddress(`${ADDRESS.slice(0, -1)}0`)).toBe(false)
  expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e79d17dc79C')).toBe(false)
})

test('behavior: the native balance from the network RPC (getBalance) in SOL', async () => {
  const calls = stubBalance({ result: { context: { slot: 1 }, value: 1_500_000_000 } })
  const adapter = createSolanaAdapter({ blockchain: blockchain(), rpc: rpcRequest })
  expect(await adapter.getNativeBalance(ADDRESS, LOCALNET, undefined)).toEqual({
    amount: '1.5',
    symbol: 'SOL',
  })
  expect(calls).toEqual([
    {
      url: RPC,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'getBalance',
        params: [ADDRESS, { commitment: 'confirmed' }],
      },
    },
  ])
})

test('behavior: lamports are 10^-9 SOL whatever decimals the site gave the network', async () => {
  stubBalance({ result: { context: { slot: 1 }, value: 2_000_000_000 } })
  const odd = { ...LOCALNET, nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 18 } }
  const adapter = createSolanaAdapter({ blockchain: blockchain(), rpc: rpcRequest })
  expect((await adapter.getNativeBalance(ADDRESS, odd, undefined)).amount).toBe('2')
})

test('error: invalid addresses raise Invalid CAIP Address', () => {
  const adapter = createSolanaAdapter({ blockchain: blockchain(), rpc: rpcRequest })
  for (const bad of ['', 'abc', '0x70997970C51812dc3A010C7d01b50e79d17dc79C', 'z'.repeat(44)])
    expect(() => adapter.formatAddress(bad), bad).toThrow(InvalidCaipError)
  expect(() => adapter.formatAddress('abc')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "abc": not a solana address]
  `)
})

test('error: no RPC, an RPC error, or a malformed balance', async () => {
  const adapter = createSolanaAdapter({ blockchain: blockchain(), rpc: rpcRequest })
  await expect(
    adapter.getNativeBalance(ADDRESS, { ...LOCALNET, rpcUrl: undefined }, undefined),
  ).rejects.toThrow('no RPC')
  stubBalance({ error: { code: -32602, message: 'Invalid param' } })
  await expect(adapter.getNativeBalance(ADDRESS, LOCALNET, undefined)).rejects.toThrow()
  for (const value of [-1, 1.5, 'x', null, 2 ** 60]) {
    stubBalance({ result: { context: { slot: 1 }, value } })
    await expect(
      adapter.getNativeBalance(ADDRESS, LOCALNET, undefined),
      String(value),
    ).rejects.toThrow('invalid balance')
  }
})
