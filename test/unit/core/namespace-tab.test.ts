import { expect, test, vi } from 'vitest'
import { createChainState } from '../../../src/core/chain-state.js'
import { chooseNamespace, shownNamespace } from '../../../src/core/namespace-tab.js'
import { resolveNetwork } from '../../../src/core/networks.js'
import { createRouter } from '../../../src/core/router.js'
import type { ChainNamespace } from '../../../src/core/types/caip.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'

/** An EVM account connected, Solana without a wallet, the modal on Account. */
function setup() {
  const networks = ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'].map((id) =>
    resolveNetwork(id as 'eip155:1'),
  )
  const chain = createChainState({
    networks,
    defaultNetwork: networks[0] as (typeof networks)[0],
    accountTypes: {},
  })
  chain.patchAccount('eip155', { status: 'connected', address: ADDRESS })
  const router = createRouter({
    isConnected: () => chain.isConnected.peek(),
    hasAdapters: () => true,
    isMobile: () => false,
  })
  router.open()
  const activate = vi.fn((ns: ChainNamespace) => chain.setActiveNamespace(ns))
  return { chain, router, parts: { router, chain, activate }, activate }
}

test('default', () => {
  const { chain, router } = setup()
  expect(router.view.value).toBe('Account')
  expect(shownNamespace(router, chain, 'Account')).toBe('eip155')
})

test('behavior: the tab of a namespace without a wallet is shown, the active namespace stays', () => {
  const { chain, router, parts, activate } = setup()
  chooseNamespace(parts, 'solana')
  expect(shownNamespace(router, chain, 'Account')).toBe('solana')
  expect(chain.activeNamespace.value).toBe('eip155')
  expect(activate).not.toHaveBeenCalled()
  expect(router.history.value).toEqual(['Account'])
})

test('behavior: the tab of a connected namespace makes it the active one', () => {
  const { chain, router, parts, activate } = setup()
  chooseNamespace(parts, 'solana')
  chooseNamespace(parts, 'eip155')
  expect(activate).toHaveBeenCalledWith('eip155')
  expect(router.dataOf('Account')).toBeUndefined()
  expect(shownNamespace(router, chain, 'Account')).toBe('eip155')
})

test('behavior: Networks keeps its own tab; another view shows the active namespace', () => {
  const { chain, router, parts } = setup()
  router.push('Networks')
  chooseNamespace(parts, 'solana')
  expect(shownNamespace(router, chain, 'Networks')).toBe('solana')
  expect(shownNamespace(router, chain, 'Account')).toBe('eip155')
  router.push('Swap')
  chooseNamespace(parts, 'solana')
  expect(router.history.value).toEqual(['Account', 'Networks', 'Swap'])
  expect(chain.activeNamespace.value).toBe('eip155')
})
