import { expect, test } from 'vitest'
import { createChainState, readOnlyChain } from '../../../src/core/chain-state.js'
import { defaultFeatures, mergeFeatures } from '../../../src/core/features.js'
import { resolveNetwork } from '../../../src/core/networks.js'
import type { ChainNamespace } from '../../../src/core/types/caip.js'
import type { Features } from '../../../src/core/types/options.js'
import { createWalletFeatures, WALLET_FEATURE_VIEWS } from '../../../src/core/wallet-features.js'

const EVM = resolveNetwork('eip155:1')
const SOLANA = resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
const BITCOIN = resolveNetwork('bip122:000000000019d6689c085ae165831e93')

function setup(features: Partial<Features> = {}, canSend = (_: ChainNamespace) => true) {
  const chain = createChainState({
    networks: [EVM, SOLANA, BITCOIN],
    defaultNetwork: EVM,
    accountTypes: {},
  })
  const connect = (ns: ChainNamespace, address: string) => {
    chain.patchAccount(ns, { status: 'connected', address })
    chain.setActiveNamespace(ns)
  }
  const row = createWalletFeatures({
    features: mergeFeatures(features),
    chain: readOnlyChain(chain),
    canSend,
  })
  const shown = () => row.value.map((e) => e.feature)
  return { chain, connect, row, shown }
}

test('default', () => {
  const { connect, row, shown } = setup()
  expect(defaultFeatures().walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
  expect(shown()).toEqual([])
  connect('eip155', '0x1')
  // Ethereum is a swap network.
  expect(row.value).toEqual([
    { feature: 'onramp', view: 'OnRamp' },
    { feature: 'swaps', view: 'Swap' },
    { feature: 'receive', view: 'Receive' },
    { feature: 'send', view: 'Send' },
  ])
})

test('behavior: the view each feature opens', () => {
  expect(WALLET_FEATURE_VIEWS).toEqual({
    onramp: 'OnRamp',
    swaps: 'Swap',
    receive: 'Receive',
    send: 'Send',
  })
})

test("args: the site's order, and features turned off are hidden", () => {
  const a = setup({ walletFeaturesOrder: ['send', 'receive'] })
  a.connect('eip155', '0x1')
  expect(a.shown()).toEqual(['send', 'receive'])
  const b = setup({ send: false, swaps: false, onramp: false })
  b.connect('eip155', '0x1')
  expect(b.shown()).toEqual(['receive'])
})

test('behavior: only namespaces with balances (SPEC §9); Send only where the wallet can send', () => {
  const s = setup({}, (ns) => ns === 'eip155')
  s.connect('solana', 'So1')
  expect(s.shown()).toEqual(['onramp', 'receive'])
  s.connect('bip122', 'bc1q')
  expect(s.shown()).toEqual([])
  s.connect('eip155', '0x1')
  expect(s.shown()).toEqual(['onramp', 'swaps', 'receive', 'send'])
})

test('behavior: Swap only on a swap network (SPEC §9, or one the site gave a swap router)', () => {
  const router = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
  const devnet = { ...resolveNetwork('eip155:31337'), swaps: true, swapRouter: router }
  const plain = resolveNetwork('eip155:31338')
  const chain = createChainState({
    networks: [plain, devnet],
    defaultNetwork: plain,
    accountTypes: {},
  })
  chain.patchAccount('eip155', { status: 'connected', address: '0x1' })
  const row = createWalletFeatures({
    features: mergeFeatures({ onramp: false }),
    chain: readOnlyChain(chain),
    canSend: () => true,
  })
  expect(row.value.map((e) => e.feature)).toEqual(['receive', 'send'])
  chain.patchNetwork('eip155', { caipNetwork: devnet })
  expect(row.value.map((e) => e.feature)).toEqual(['swaps', 'receive', 'send'])
})

test('behavior: a feature whose service the kit was not given is not offered', () => {
  const chain = createChainState({ networks: [EVM], defaultNetwork: EVM, accountTypes: {} })
  chain.patchAccount('eip155', { status: 'connected', address: '0x1' })
  const row = createWalletFeatures({
    features: mergeFeatures({}),
    chain: readOnlyChain(chain),
    canSend: () => true,
    offered: (feature) => feature !== 'swaps' && feature !== 'onramp',
  })
  expect(row.value.map((e) => e.feature)).toEqual(['receive', 'send'])
})
