import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { expect, test } from 'vitest'
import {
  createSolanaStandardConnectors,
  isSolanaWallet,
} from '../../../../src/connectors/solana-standard/index.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { fakeRegistry, fakeWallet } from './fake-wallet.js'

const networks = [resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')]

test('default', () => {
  const registry = fakeRegistry()
  registry.register(fakeWallet({ name: 'Early' }))
  const discovery = createSolanaStandardConnectors({ networks, registry, rpc: rpcRequest })
  expect(discovery.connectors.value.map((c) => [c.id, c.name, c.namespace, c.type])).toEqual([
    ['wallet-standard:Early', 'Early', 'solana', 'ANNOUNCED'],
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
  const [a, b] = discovery.connectors.value
  expect([a?.id, b?.id]).toEqual(['wallet-standard:Phantom', 'wallet-standard:phantom#2'])
  expect([a?.flags, b?.flags]).toEqual([{ duplicateName: true }, { duplicateName: true }])
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
