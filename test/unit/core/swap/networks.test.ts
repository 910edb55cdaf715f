import { expect, test } from 'vitest'
import { SWAP_SUPPORTED_CHAIN_IDS } from '../../../../src/core/constants.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { isSwapNetwork, noSwapReason, swapRouters } from '../../../../src/core/swap/networks.js'

const devnet = {
  caipNetworkId: 'eip155:31337' as const,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
// 1inch's Aggregation Router v6 (docs/swap.md names the source of each address).
const ONE_INCH = '0x111111125421ca6dc452d289314280a0f8842a65'
const ONE_INCH_ZKSYNC = '0x6fd4383cb451173d5f9304f041c7bcbf27d561ff'

test('default', () => {
  for (const id of SWAP_SUPPORTED_CHAIN_IDS) {
    expect(isSwapNetwork(resolveNetwork(id)), id).toBe(true)
    expect(swapRouters(resolveNetwork(id)), id).toEqual([
      id === 'eip155:324' ? ONE_INCH_ZKSYNC : ONE_INCH,
    ])
  }
  expect(SWAP_SUPPORTED_CHAIN_IDS).toHaveLength(12)
})

test('behavior: other networks swap only when the site marks them and a router is known', () => {
  expect(isSwapNetwork(resolveNetwork('eip155:59144'))).toBe(false)
  expect(isSwapNetwork(resolveNetwork('eip155:31337'))).toBe(false)
  expect(isSwapNetwork(resolveNetwork(devnet))).toBe(false)
  // Marked without a router: no swap (nothing to check the service's transaction against).
  expect(isSwapNetwork(resolveNetwork({ ...devnet, swaps: true }))).toBe(false)
  expect(isSwapNetwork(resolveNetwork({ ...devnet, swapRouter: ROUTER }))).toBe(true)
  expect(isSwapNetwork(resolveNetwork({ ...devnet, swaps: true, swapRouter: ROUTER }))).toBe(true)
  expect(swapRouters(resolveNetwork({ ...devnet, swapRouter: ROUTER }))).toEqual([
    ROUTER.toLowerCase(),
  ])
  expect(isSwapNetwork(undefined)).toBe(false)
})

test('behavior: a site’s router on one of the twelve is known beside 1inch’s', () => {
  const base = { ...resolveNetwork('eip155:8453'), swapRouter: ROUTER }
  expect(swapRouters(base)).toEqual([ONE_INCH, ROUTER.toLowerCase()])
})

test('behavior: only eip155 networks swap', () => {
  const solana = resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  expect(isSwapNetwork({ ...solana, swaps: true, swapRouter: ROUTER })).toBe(false)
  expect(swapRouters({ ...solana, swapRouter: ROUTER })).toEqual([])
})

test('args: noSwapReason tells a developer why a network offers no swap', () => {
  expect(noSwapReason(resolveNetwork(devnet))).toBe('eip155:31337 is not a swap network')
  expect(noSwapReason(resolveNetwork({ ...devnet, swaps: true }))).toMatch(
    /^eip155:31337 has no known swap router: give its swapRouter/,
  )
  expect(noSwapReason(undefined)).toBeUndefined()
})
