// @vitest-environment node
import { formatUnits, type Hex, hexToBigInt, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createEip155Adapter } from '../../../../src/chains/eip155/adapter.js'
import { InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { NetworkRequestError } from '../../../../src/core/errors/http.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'
import type { BlockchainService } from '../../../../src/services/blockchain.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import {
  type ChainDescription,
  type Chains,
  rpc,
  startChains,
  testAccount,
} from '../../../stack/chain/index.js'
import { createTestWallet } from '../../../stack/wallet/index.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const chainAt = (i: number) => chains.chains[i] as ChainDescription
const networkOf = (i: number, more: Partial<CaipNetwork> = {}): CaipNetwork => ({
  caipNetworkId: `eip155:${chainAt(i).chainId}`,
  namespace: 'eip155',
  reference: String(chainAt(i).chainId),
  name: 'Devnet',
  nativeCurrency: ETH,
  rpcUrl: chainAt(i).rpcUrl,
  ...more,
})

function setup() {
  const blockchain = {
    getBalances: vi.fn<BlockchainService['getBalances']>(async () => []),
    getIdentity: vi.fn<BlockchainService['getIdentity']>(async () => ({
      name: null,
      avatar: null,
    })),
    getSupportedChains: vi.fn(async () => ({ http: [], ws: [] })),
    lookupName: vi.fn(async () => undefined),
    getHistory: vi.fn(async () => ({ items: [], next: null })),
    getSessions: vi.fn(async () => []),
    revokeSession: vi.fn(async () => undefined),
  } satisfies BlockchainService
  return { adapter: createEip155Adapter({ blockchain, rpc: rpcRequest }), blockchain }
}

const address = testAccount(0).address
const onChain = async (i: number, who: string = address) =>
  hexToBigInt(await rpc<Hex>(chainAt(i).rpcUrl, 'eth_getBalance', [who, 'latest']))

test('default', async () => {
  const { adapter } = setup()
  expect(adapter.namespace).toBe('eip155')
  expect(adapter.formatAddress(address.toLowerCase())).toBe(address)
  const balance = await adapter.getNativeBalance(address, networkOf(0), undefined)
  expect(balance).toEqual({ amount: formatUnits(await onChain(0), 18), symbol: 'ETH' })
  expect(Number(balance.amount)).toBeGreaterThan(0)
})

test('args: formatAddress takes an optional 0x and any case, and checksums', () => {
  const { adapter } = setup()
  const bare = address.slice(2)
  expect(adapter.formatAddress(bare)).toBe(address)
  expect(adapter.formatAddress(bare.toUpperCase())).toBe(address)
  expect(adapter.formatAddress(`0x${bare.toLowerCase()}`)).toBe(address)
})

test('error: formatAddress rejects what is not an eip155 address', () => {
  const { adapter } = setup()
  for (const value of [
    '',
    '0x',
    '0x1234',
    `${address}0`,
    address.slice(0, -1),
    `0x${'g'.repeat(40)}`,
    ` ${address}`,
    `0X${address.slice(2)}`,
    `eip155:1:${address}`,
  ])
    expect(() => adapter.formatAddress(value), value).toThrow(InvalidCaipError)
  expect(() => adapter.formatAddress('0x1234')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "0x1234": not an eip155 address]
  `)
})

test('behavior: the native balance comes from the network RPC, not the provider', async () => {
  const { adapter } = setup()
  const wallet = createTestWallet({ chains: chains.chains })
  const recipient = testAccount(7).address
  const before = await adapter.getNativeBalance(recipient, networkOf(1), wallet.provider)
  expect(before.amount).toBe(formatUnits(await onChain(1, recipient), 18))
  expect(wallet.calls).toEqual([])
  // Each network is read from its own RPC.
  await rpc(chainAt(1).rpcUrl, 'anvil_setBalance', [
    recipient,
    `0x${parseEther('1.25').toString(16)}`,
  ])
  expect(await adapter.getNativeBalance(recipient, networkOf(1), undefined)).toEqual({
    amount: '1.25',
    symbol: 'ETH',
  })
  expect((await adapter.getNativeBalance(recipient, networkOf(0), undefined)).amount).not.toBe(
    '1.25',
  )
})

test('behavior: without an rpcUrl the wallet provider is asked', async () => {
  const { adapter } = setup()
  const wallet = createTestWallet({ chains: chains.chains })
  const balance = await adapter.getNativeBalance(
    address,
    networkOf(0, { rpcUrl: undefined }),
    wallet.provider,
  )
  expect(balance.amount).toBe(formatUnits(await onChain(0), 18))
  expect(wallet.calls.map((c) => [c.method, c.params])).toEqual([
    ['eth_getBalance', [address, 'latest']],
  ])
})

test('args: the native currency decimals and symbol of the network are used', async () => {
  const { adapter } = setup()
  const who = testAccount(8).address
  await rpc(chainAt(0).rpcUrl, 'anvil_setBalance', [who, '0x3b9aca00'])
  const network = networkOf(0, { nativeCurrency: { name: 'Gwei coin', symbol: 'GW', decimals: 9 } })
  expect(await adapter.getNativeBalance(who, network, undefined)).toEqual({
    amount: '1',
    symbol: 'GW',
  })
})

test('error: no rpcUrl and no provider, or an invalid answer → throws', async () => {
  const { adapter } = setup()
  const noRpc = networkOf(0, { rpcUrl: undefined })
  await expect(adapter.getNativeBalance(address, noRpc, undefined)).rejects.toThrow(
    'no RPC for this network',
  )
  await expect(adapter.getNativeBalance(address, noRpc, { send() {} })).rejects.toThrow(
    'no RPC for this network',
  )
  for (const answer of ['12', '0x', '0xzz', 12, null, `0x${'f'.repeat(65)}`]) {
    const provider = { request: async () => answer }
    await expect(
      adapter.getNativeBalance(address, noRpc, provider),
      String(answer),
    ).rejects.toThrow('invalid balance')
  }
})

test('error: an unreachable network RPC is a NetworkRequestError', async () => {
  const { adapter } = setup()
  const closed = networkOf(0, { rpcUrl: 'http://127.0.0.1:1/' })
  await expect(adapter.getNativeBalance(address, closed, undefined)).rejects.toBeInstanceOf(
    NetworkRequestError,
  )
})

test('behavior: token balances come from the blockchain API for the CAIP-2 network', async () => {
  const { adapter, blockchain } = setup()
  await adapter.getTokenBalances(address, networkOf(1))
  expect(blockchain.getBalances).toHaveBeenCalledExactlyOnceWith(address, 'eip155:31338')
})

test('behavior: identity avatars are kept only as https or image data URIs', async () => {
  const { adapter, blockchain } = setup()
  const avatars: [string | null, string | null][] = [
    ['https://avatars.example/a.png', 'https://avatars.example/a.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['http://avatars.example/a.png', null],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['ipfs://bafy', null],
    [null, null],
  ]
  for (const [avatar, expected] of avatars) {
    blockchain.getIdentity.mockResolvedValueOnce({ name: 'alice.eth', avatar })
    expect(await adapter.getIdentity?.(address), String(avatar)).toEqual({
      name: 'alice.eth',
      avatar: expected,
    })
  }
  expect(blockchain.getIdentity).toHaveBeenLastCalledWith(address)
})
