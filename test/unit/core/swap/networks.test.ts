import { expect, test } from 'vitest'
import { SWAP_SUPPORTED_CHAIN_IDS } from '../../../../src/core/constants.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { isSwapNetwork } from '../../../../src/core/swap/networks.js'

const devnet = {
  caipNetworkId: 'eip155:31337' as const,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}

test('default', () => {
  for (const id of SWAP_SUPPORTED_CHAIN_IDS)
    expect(isSwapNetwork(resolveNetwork(id)), id).toBe(true)
  expect(isSwapNetwork(resolveNetwork('eip155:8217'))).toBe(true)
})

test('behavior: other networks swap only when the site marks them', () => {
  expect(isSwapNetwork(resolveNetwork('eip155:59144'))).toBe(false)
  expect(isSwapNetwork(resolveNetwork('eip155:31337'))).toBe(false)
  expect(isSwapNetwork(resolveNetwork(devnet))).toBe(false)
  expect(isSwapNetwork(resolveNetwork({ ...devnet, swaps: true }))).toBe(true)
  expect(isSwapNetwork(resolveNetwork({ ...devnet, swaps: false }))).toBe(false)
  expect(isSwapNetwork(undefined)).toBe(false)
})

test('behavior: only eip155 networks swap', () => {
  const solana = resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  expect(isSwapNetwork({ ...solana, swaps: true })).toBe(false)
})
