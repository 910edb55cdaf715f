import { afterEach, expect, test, vi } from 'vitest'
import { createSiwxStore, SESSIONS_KEY } from '../../../../src/core/siwx/store.js'
import type { SiwxSession } from '../../../../src/core/siwx/types.js'
import { memoryStorage, STORAGE_KEY, settle, setup, stored } from './support.js'
import { ALICE, BOB, signed, target } from './vectors.js'

const kits: ReturnType<typeof setup>['kit'][] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

test('default', async () => {
  const storage = memoryStorage()
  const store = createSiwxStore({ storage, hooks: {} })
  const alice = await signed()
  expect(store.remote).toBe(false)
  expect(await store.list(target())).toEqual([])
  await store.add(alice)
  expect(STORAGE_KEY).toBe(`walletkit:${SESSIONS_KEY}`)
  expect(stored(storage)).toEqual([alice])
  expect(await store.list(target())).toEqual([alice])
  expect(store.usedNonces()).toEqual([alice.data.nonce])
  await store.revoke(target())
  expect(await store.list(target())).toEqual([])
})

test('behavior: one session per account and network, newest first, at most 20', async () => {
  const storage = memoryStorage()
  const store = createSiwxStore({ storage, hooks: {} })
  const first = await signed({ nonce: 'first1234' })
  const second = await signed({ nonce: 'second1234' })
  const other = await signed({ chainId: 'eip155:31338', nonce: 'other1234' })
  const bob = await signed({ accountAddress: BOB.address, nonce: 'bob12345' }, BOB)
  for (const s of [first, other, bob, second]) await store.add(s)
  expect(await store.list(target())).toEqual([second])
  expect(await store.list(target(ALICE.address, 'eip155:31338'))).toEqual([other])
  expect(await store.list(target(BOB.address))).toEqual([bob])
  for (let i = 0; i < 25; i++)
    await store.add(await signed({ chainId: `eip155:${100 + i}`, nonce: `many${i}abcd` }))
  expect(stored(storage)).toHaveLength(20)
  // forget() drops exactly that session.
  const [newest] = stored(storage) as SiwxSession[]
  store.forget(newest as SiwxSession)
  expect(stored(storage)).toHaveLength(19)
})

test('behavior: the site hooks are used when given; its store is not touched by forget()', async () => {
  const storage = memoryStorage()
  const alice = await signed()
  const hooks = {
    addSession: vi.fn(async () => {}),
    getSessions: vi.fn(async () => [alice, { broken: true }] as SiwxSession[]),
    revokeSession: vi.fn(async () => {}),
  }
  const store = createSiwxStore({ storage, hooks })
  expect(store.remote).toBe(true)
  await store.add(alice)
  expect(hooks.addSession).toHaveBeenCalledWith(alice)
  expect(await store.list(target())).toEqual([alice])
  expect(hooks.getSessions).toHaveBeenCalledWith('eip155:31337', ALICE.address)
  await store.revoke(target())
  expect(hooks.revokeSession).toHaveBeenCalledWith('eip155:31337', ALICE.address)
  store.forget(alice)
  expect(store.usedNonces()).toEqual([])
  expect(storage.raw.size).toBe(0)
  hooks.getSessions.mockResolvedValueOnce('nope' as unknown as SiwxSession[])
  expect(await store.list(target())).toEqual([])
})

test('behavior: a contract account signs in through EIP-1271 on the network’s RPC', async () => {
  const signature = `0x${'c0'.repeat(97)}` // a contract account's own signature format
  const rpc = vi.fn(async (_url: string, method: string, params: unknown[]) => {
    const [call] = params as [{ to: string; data: string }]
    if (method === 'eth_call' && call.to === ALICE.address && call.data.includes('c0c0'))
      return `0x1626ba7e${'0'.repeat(56)}`
    return '0x'
  })
  const networks = [
    {
      caipNetworkId: 'eip155:31337',
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8545',
    },
  ]
  const s = setup({ siwx: {}, rpc, networks })
  kits.push(s.kit)
  const request = s.wallet.provider.request.bind(s.wallet.provider)
  vi.spyOn(s.wallet.provider, 'request').mockImplementation(async (args) =>
    args.method === 'personal_sign' ? signature : request(args),
  )
  await s.connect()
  await settle()
  await s.siwx.signIn()
  expect(s.kit.getState().session).not.toBeNull()
  expect(rpc).toHaveBeenCalledWith('http://127.0.0.1:8545', 'eth_call', [
    { to: ALICE.address, data: expect.stringMatching(/^0x1626ba7e/) },
    'latest',
  ])
  // After a reload the account is asked again; an RPC that cannot be reached keeps the session
  // stored (it says nothing against it) but does not sign the visitor in.
  s.kit.destroy()
  s.wallet.authorize()
  rpc.mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
  const again = setup({ siwx: {}, rpc, networks, wallet: s.wallet, storage: s.storage })
  kits.push(again.kit)
  await settle()
  expect(again.kit.getState().session).toBeNull()
  expect(stored(s.storage)).toHaveLength(1)
  again.kit.destroy()
  const third = setup({ siwx: {}, rpc, networks, wallet: s.wallet, storage: s.storage })
  kits.push(third.kit)
  await settle()
  expect(third.kit.getState().session).not.toBeNull()
})
