// @vitest-environment node
import { type Hex, hexToBigInt } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createEip155Writer } from '../../../src/chains/eip155/writer.js'
import type { Kit } from '../../../src/core/kit.js'
import type { KitEvents } from '../../../src/core/types/events.js'
import type { Eip1193Provider } from '../../../src/core/types/provider.js'
import { rpcRequest } from '../../../src/services/rpc.js'
import { type Chains, rpc, startChains, testAccount } from '../../stack/chain/index.js'
import { createTestWallet } from '../../stack/wallet/index.js'
import { createTestKit, until, walletConnector } from '../connectors/support/test-kit.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains?.stop())

const kits: Kit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit connected to the test wallet (account 6), opened once so balances load. */
async function connected() {
  const wallet = createTestWallet({ chains: chains.chains, accountIndex: 6 })
  const connector = walletConnector(wallet)
  const t = createTestKit({ chains: chains.chains, connectors: [connector] })
  kits.push(t.kit)
  const transactions: KitEvents['transaction'][] = []
  t.kit.events.on('transaction', (detail) => transactions.push(detail))
  await t.kit.connection.connect(connector)
  await t.kit.open()
  await until(() => expect(t.blockchain.getBalances).toHaveBeenCalled())
  vi.mocked(t.blockchain.getBalances).mockClear()
  return { ...t, wallet, connector, transactions }
}

test('default', async () => {
  const { kit, wallet, transactions, blockchain } = await connected()
  const host = kit.getProvider('eip155') as Eip1193Provider
  expect(host).not.toBe(wallet.provider)
  expect(kit.getProvider('eip155')).toBe(host)
  const hash = (await host.request({
    method: 'eth_sendTransaction',
    params: [{ from: wallet.address, to: testAccount(7).address, value: '0x2a' }],
  })) as Hex
  expect(transactions).toEqual([
    { hash, kind: 'send', caipNetworkId: 'eip155:31337', hashType: 'chain' },
  ])
  expect(kit.transactions.list.value[0]).toMatchObject({ hash, origin: 'host', status: 'pending' })
  // After the receipt the balances are read again.
  await until(() => expect(kit.transactions.list.value[0]?.status).toBe('confirmed'))
  await until(() => expect(blockchain.getBalances).toHaveBeenCalled())
  expect(transactions).toHaveLength(1)
})

test('behavior: a send of the kit goes through the adapter, the wallet and the pipeline', async () => {
  const { kit, wallet, transactions } = await connected()
  const network = kit.chain.network.value?.caipNetwork
  if (!network) throw new Error('no network')
  const eip155 = createEip155Writer({ rpc: rpcRequest })
  const context = { network, provider: kit.connection.connectorOf('eip155')?.getProvider() }
  const to = testAccount(8).address
  const before = hexToBigInt(await rpc<Hex>(network.rpcUrl ?? '', 'eth_getBalance', [to, 'latest']))
  const prepared = await eip155.prepareTransfer(
    { from: wallet.address, to, amount: 1_000n },
    context,
  )
  const { hash, receipt } = await kit.transactions.submit({
    kind: 'send',
    namespace: 'eip155',
    caipNetworkId: network.caipNetworkId,
    send: () => eip155.sendTransaction(prepared, context),
  })
  await expect(receipt).resolves.toEqual({ hash, status: 'success' })
  expect(transactions).toEqual([
    { hash, kind: 'send', caipNetworkId: 'eip155:31337', hashType: 'chain' },
  ])
  expect(hexToBigInt(await rpc<Hex>(network.rpcUrl ?? '', 'eth_getBalance', [to, 'latest']))).toBe(
    before + 1_000n,
  )
})

test('behavior: views and connectors get read-only state: no writer is on the kit', () => {
  const { kit } = createTestKit({ chains: chains.chains, connectors: [] })
  kits.push(kit)
  expect(Object.keys(kit.chain).sort()).toEqual([
    'account',
    'accounts',
    'activeNamespace',
    'isConnected',
    'namespaces',
    'network',
    'networks',
  ])
  for (const writer of ['patchAccount', 'patchNetwork', 'setActiveNamespace', 'reset'])
    expect(writer in kit.chain, writer).toBe(false)
  expect(Object.keys(kit.events)).toEqual(['on'])
  expect(kit.getProvider('eip155')).toBeUndefined()
})

test('behavior: the features row follows the connector in use (Send needs a wallet that can send)', async () => {
  const wallet = createTestWallet({ chains: chains.chains, accountIndex: 6 })
  const connector = walletConnector(wallet)
  const { kit } = createTestKit({ chains: chains.chains, connectors: [connector] })
  kits.push(kit)
  const shown = () => kit.walletFeatures.value.map((f) => f.feature)
  expect(shown()).toEqual([])
  await kit.connection.connect(connector)
  expect(shown()).toEqual(['receive', 'send'])
  await kit.connection.disconnect('eip155')
  expect(shown()).toEqual([])
})

test('behavior: a host send before the modal was ever opened asks the blockchain API nothing', async () => {
  const wallet = createTestWallet({ chains: chains.chains, accountIndex: 6 })
  const connector = walletConnector(wallet)
  const t = createTestKit({ chains: chains.chains, connectors: [connector] })
  kits.push(t.kit)
  await t.kit.connection.connect(connector)
  const host = t.kit.getProvider('eip155') as Eip1193Provider
  await host.request({
    method: 'eth_sendTransaction',
    params: [{ from: wallet.address, to: testAccount(7).address, value: '0x1' }],
  })
  await until(() => expect(t.kit.transactions.list.value[0]?.status).toBe('confirmed'))
  expect(t.blockchain.getBalances).not.toHaveBeenCalled()
})
