import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { keccak256, stringToBytes } from 'viem'
import { expect, test, vi } from 'vitest'
import { createSolanaStandardConnector } from '../../../../src/connectors/solana-standard/connector.js'
import {
  createSolanaStandardConnectors,
  isSolanaWallet,
  MAX_STANDARD_WALLETS,
} from '../../../../src/connectors/solana-standard/index.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { fakeRegistry, fakeWallet } from './fake-wallet.js'

// The connector's module is reached through a require (a static import under test): its factory
// is watched to tell when a wallet's connector is made.
vi.mock('../../../../src/connectors/solana-standard/connector.js', async (original) => {
  const module =
    await original<typeof import('../../../../src/connectors/solana-standard/connector.js')>()
  return { ...module, createSolanaStandardConnector: vi.fn(module.createSolanaStandardConnector) }
})

const networks = [resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')]

/** The id of a wallet registered under exactly `name`. */
const idOf = (name: string) => `wallet-standard:${keccak256(stringToBytes(name)).slice(2, 18)}`

test('default', () => {
  const registry = fakeRegistry()
  registry.register(fakeWallet({ name: 'Early' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  expect(discovery.connectors.value.map((c) => [c.id, c.name, c.namespace, c.type])).toEqual([
    [idOf('Early'), 'Early', 'solana', 'ANNOUNCED'],
  ])
  registry.register(fakeWallet({ name: 'Late' }))
  expect(discovery.connectors.value.map((c) => c.name)).toEqual(['Early', 'Late'])
  discovery.destroy()
  expect(registry.listenerCount()).toBe(0)
})

test('args: only wallets with standard:connect and a solana: chain', () => {
  expect(isSolanaWallet(fakeWallet())).toBe(true)
  expect(isSolanaWallet(fakeWallet({ chains: ['bitcoin:mainnet'] }))).toBe(false)
  expect(isSolanaWallet(fakeWallet({ chains: [] }))).toBe(false)
  expect(isSolanaWallet(fakeWallet({ omit: ['standard:connect'] }))).toBe(false)
  for (const value of [null, undefined, 1, 'wallet', {}, { chains: 'solana:x', features: {} }])
    expect(isSolanaWallet(value), String(value)).toBe(false)
  const registry = fakeRegistry()
  registry.register(
    fakeWallet({ name: 'Bitcoin only', chains: ['bip122:000000000019d6689c085ae165831e93'] }),
  )
  registry.register(fakeWallet({ name: 'Solana' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  expect(discovery.connectors.value.map((c) => c.name)).toEqual(['Solana'])
})

test('behavior: names are cleaned and icons checked, as for EIP-6963 wallets', () => {
  const registry = fakeRegistry()
  registry.register(fakeWallet({ name: '  Evil\u202Egnp.exe  ', icon: 'javascript:alert(1)' }))
  registry.register(fakeWallet({ name: 'x'.repeat(80) }))
  registry.register(fakeWallet({ name: '' }))
  const [first, second, third] = createSolanaStandardConnectors({
    networks,
    registry,
    rpc: rpcRequest,
  }).connectors.value
  expect(first?.name).toBe('Evilgnp.exe')
  expect(first?.icon).toBeUndefined()
  expect(second?.name).toHaveLength(40)
  expect(third?.name).toBe('Unknown wallet')
})

test('behavior: wallets sharing a name are all kept, marked and given distinct ids', () => {
  const registry = fakeRegistry()
  registry.register(fakeWallet({ name: 'Phantom' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  const alone = discovery.connectors.value[0]
  expect(alone?.flags).toEqual({})
  registry.register(fakeWallet({ name: 'phantom' }))
  registry.register(fakeWallet({ name: 'Phantom' }))
  const [a, b, c] = discovery.connectors.value
  expect([a?.id, b?.id, c?.id]).toEqual([idOf('Phantom'), idOf('phantom'), `${idOf('Phantom')}#2`])
  expect([a?.flags, b?.flags, c?.flags]).toEqual([
    { duplicateName: true },
    { duplicateName: true },
    { duplicateName: true },
  ])
})

test('behavior: ids come from the name as registered, never from the name shown (SECURITY 10)', () => {
  const registry = fakeRegistry()
  registry.register(fakeWallet({ name: 'Phantom\u200B' }))
  registry.register(fakeWallet({ name: `Phantom${' '.repeat(5)}` }))
  registry.register(fakeWallet({ name: `${'P'.repeat(39)}one` }))
  registry.register(fakeWallet({ name: `${'P'.repeat(39)}two` }))
  const list = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest }).connectors
    .value
  // Shown alike ('Phantom' twice, the same 40 characters twice): four ids, none of them a name.
  expect(list.map((c) => c.name)).toEqual([
    'Phantom',
    'Phantom',
    `${'P'.repeat(39)}…`,
    `${'P'.repeat(39)}…`,
  ])
  expect(new Set(list.map((c) => c.id)).size).toBe(4)
  for (const c of list) expect(c.id).toMatch(/^wallet-standard:[0-9a-f]{16}$/)
})

test('behavior: a name hiding invisible letters is cleaned and marked, and marks the real one (SECURITY 10)', () => {
  for (const hidden of ['\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u{E0041}', '\u200B']) {
    const registry = fakeRegistry()
    registry.register(fakeWallet({ name: 'Phantom' }))
    registry.register(fakeWallet({ name: `Phantom${hidden}` }))
    const [real, fake] = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
      .connectors.value
    const label = hidden.codePointAt(0)?.toString(16)
    expect(fake?.name, label).toBe('Phantom')
    expect(real?.flags, label).toEqual({ duplicateName: true })
    expect(fake?.flags, label).toEqual({ duplicateName: true, hiddenCharacters: true })
  }
})

test('behavior: each wallet is read once, so a name getter cannot change after the checks (SECURITY 10)', () => {
  const registry = fakeRegistry()
  const wallet = fakeWallet({ name: 'x' })
  const names = ['Honest Wallet', 'Phantom', 'Phantom']
  let reads = 0
  Object.defineProperty(wallet, 'name', { get: () => names[Math.min(reads++, 2)] })
  registry.register(wallet)
  registry.register(fakeWallet({ name: 'Other' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  const first = discovery.connectors.value[0]
  registry.register(fakeWallet({ name: 'Third' }))
  const again = discovery.connectors.value[0]
  expect(reads).toBe(1)
  expect([first?.name, again?.name]).toEqual(['Honest Wallet', 'Honest Wallet'])
  expect(again).toBe(first)
  // A wallet whose fields throw is left out, not the others.
  const registry2 = fakeRegistry()
  const broken = fakeWallet({ name: 'Broken' })
  Object.defineProperty(broken, 'chains', {
    get: () => {
      throw new Error('no')
    },
  })
  registry2.register(broken)
  registry2.register(fakeWallet({ name: 'Fine' }))
  expect(
    createSolanaStandardConnectors({
      networks,
      registry: registry2,
      rpc: rpcRequest,
    }).connectors.value.map((c) => c.name),
  ).toEqual(['Fine'])
})

test('behavior: a flood lists MAX_STANDARD_WALLETS unknown wallets, a known one after them, and counts the rest (SECURITY 11)', () => {
  const registry = fakeRegistry()
  for (let n = 0; n < 200; n++) registry.register(fakeWallet({ name: `Flood ${n}` }))
  registry.register(fakeWallet({ name: 'Phantom' }))
  const discovery = createSolanaStandardConnectors({
    networks,
    registry,
    rpc: rpcRequest,
    known: (name) => name === 'phantom',
  })
  const names = discovery.connectors.value.map((c) => c.name)
  expect(MAX_STANDARD_WALLETS).toBe(32)
  expect(names).toHaveLength(33)
  expect(names.at(-1)).toBe('Phantom')
  expect(discovery.leftOut.value).toBe(200 - 32)
})

test('behavior: a connector is kept while its wallet stays; unregistering removes it', () => {
  const registry = fakeRegistry()
  const unregister = registry.register(fakeWallet({ name: 'A' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  const before = discovery.connectors.value[0]
  registry.register(fakeWallet({ name: 'B' }))
  expect(discovery.connectors.value[0]).toBe(before)
  unregister()
  expect(discovery.connectors.value.map((c) => c.name)).toEqual(['B'])
})

test('behavior: the real registry tells wallets the app is ready and takes late registrations', () => {
  const ready: unknown[] = []
  window.addEventListener('wallet-standard:app-ready', (e) => ready.push((e as CustomEvent).detail))
  const discovery = createSolanaStandardConnectors({ networks, rpc: rpcRequest })
  expect(ready).toEqual([expect.objectContaining({ register: expect.any(Function) })])
  const wallet = fakeWallet({ name: 'Registered by event' }) as Wallet
  window.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: (api: { register(w: Wallet): void }) => api.register(wallet),
    }),
  )
  expect(discovery.connectors.value.map((c) => c.name)).toContain('Registered by event')
  expect(getWallets().get()).toContain(wallet)
  discovery.destroy()
})

test('behavior: what Connect and the silent reconnect read is known at discovery; the connector is made on first use', async () => {
  const made = vi.mocked(createSolanaStandardConnector)
  made.mockClear()
  const registry = fakeRegistry()
  const wallet = fakeWallet({ name: 'Phantom', icon: 'data:image/png;base64,AAAA' })
  registry.register(wallet)
  const [connector] = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
    .connectors.value
  const shown = connector && {
    id: connector.id,
    name: connector.name,
    icon: connector.icon,
    flags: connector.flags,
    type: connector.type,
    namespace: connector.namespace,
    rdns: connector.rdns,
  }
  expect(shown).toEqual({
    id: idOf('Phantom'),
    name: 'Phantom',
    icon: 'data:image/png;base64,AAAA',
    flags: {},
    type: 'ANNOUNCED',
    namespace: 'solana',
    rdns: undefined,
  })
  expect(made).not.toHaveBeenCalled()
  await expect(connector?.connect({})).resolves.toMatchObject({ accounts: [expect.any(String)] })
  await connector?.getAccounts()
  expect(made).toHaveBeenCalledTimes(1)
  expect(wallet.connect).toHaveBeenCalledTimes(1)
})
