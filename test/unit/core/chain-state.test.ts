import { expect, test } from 'vitest'
import { createChainState, emptyAccount } from '../../../src/core/chain-state.js'
import { resolveNetwork } from '../../../src/core/networks.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const networks = ['eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'].map((id) =>
  resolveNetwork(id as 'eip155:1'),
)
const [mainnet, base, solana] = networks as [
  (typeof networks)[0],
  (typeof networks)[0],
  (typeof networks)[0],
]

const setup = (defaultNetwork = base) =>
  createChainState({ networks, defaultNetwork, accountTypes: { eip155: 'smartAccount' } })

test('default', () => {
  const chain = setup()
  expect(chain.namespaces).toEqual(['eip155', 'solana'])
  expect(chain.activeNamespace.value).toBe('eip155')
  expect(chain.isConnected.value).toBe(false)
  expect(chain.account.value).toEqual(emptyAccount('smartAccount'))
  expect(chain.accounts.value.solana?.preferredAccountType).toBe('eoa')
  expect(chain.network.value).toMatchObject({
    caipNetwork: base,
    requestedCaipNetworks: [mainnet, base],
  })
  expect(chain.networks.value.solana?.caipNetwork).toBe(solana)
})

test('args: the default network picks the active namespace', () => {
  expect(setup(solana).activeNamespace.value).toBe('solana')
})

test('behavior: connected needs a connected status and an address', () => {
  const chain = setup()
  chain.patchAccount('solana', { status: 'connected' })
  expect(chain.isConnected.value).toBe(false)
  chain.patchAccount('solana', { address: 'So1ana' })
  expect(chain.isConnected.value).toBe(true)
  chain.patchAccount('solana', { status: 'reconnecting' })
  expect(chain.isConnected.value).toBe(false)
})

test('behavior: patches merge and keep other namespaces', () => {
  const chain = setup()
  chain.patchAccount('eip155', { status: 'connected', address: ADDRESS })
  chain.patchAccount('eip155', { balance: '1' })
  expect(chain.account.value).toMatchObject({ status: 'connected', address: ADDRESS, balance: '1' })
  expect(chain.accounts.value.solana?.status).toBe('disconnected')
  chain.patchNetwork('eip155', { caipNetwork: mainnet })
  expect(chain.network.value?.caipNetwork).toBe(mainnet)
  expect(chain.network.value?.requestedCaipNetworks).toEqual([mainnet, base])
})

test('behavior: reset restores the namespace’s account and network only', () => {
  const chain = setup()
  chain.patchAccount('eip155', { status: 'connected', address: ADDRESS })
  chain.patchAccount('solana', { status: 'connected', address: 'So1ana' })
  chain.patchNetwork('eip155', { caipNetwork: mainnet })
  chain.reset('eip155')
  expect(chain.accounts.value.eip155).toEqual(emptyAccount('smartAccount'))
  expect(chain.networks.value.eip155?.caipNetwork).toBe(base)
  expect(chain.accounts.value.solana?.address).toBe('So1ana')
})

test('behavior: the active namespace switches account and network', () => {
  const chain = setup()
  chain.patchAccount('solana', { address: 'So1ana' })
  chain.setActiveNamespace('solana')
  expect(chain.account.value?.address).toBe('So1ana')
  expect(chain.network.value?.caipNetwork).toBe(solana)
})
