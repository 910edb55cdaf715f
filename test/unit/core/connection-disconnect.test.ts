// @vitest-environment node
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { WalletKitError } from '../../../src/core/errors/base.js'
import { UserRejectedRequestError } from '../../../src/core/errors/rpc.js'
import type { Kit } from '../../../src/core/kit.js'
import { type Chains, startChains, testAccount } from '../../stack/chain/index.js'
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

async function connected() {
  const wallet = createTestWallet({ chains: chains.chains })
  const connector = walletConnector(wallet)
  const t = createTestKit({ chains: chains.chains, connectors: [connector] })
  kits.push(t.kit)
  await t.kit.connection.connect(connector)
  await t.kit.switchNetwork('eip155:31338')
  await t.kit.open()
  await until(() => expect(t.account()?.balance).toBe('12.5'))
  t.events.length = 0
  return { ...t, wallet, connector }
}

test('default', async () => {
  const { kit, wallet, events, account } = await connected()
  expect(kit.router.view.peek()).toBe('Account')
  await kit.connection.disconnect()
  expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
  expect(wallet.connected).toBe(false)
  expect(wallet.calls.at(-1)?.method).toBe('wallet_revokePermissions')
  expect(account()).toMatchObject({
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
    balance: undefined,
    tokenBalance: [],
    allAccounts: [],
    connector: undefined,
    connectedWalletInfo: undefined,
    profileName: undefined,
  })
  expect(kit.chain.networks.peek().eip155).toMatchObject({
    caipNetwork: { caipNetworkId: 'eip155:31337' },
    approvedCaipNetworkIds: [],
  })
  expect(kit.getState()).toMatchObject({
    status: 'disconnected',
    address: null,
    caipNetworkId: 'eip155:31337',
    connector: null,
    balance: null,
  })
  expect(kit.connection.connectorOf('eip155')).toBeUndefined()
  expect(kit.connection.stored()).toEqual([])
  expect(kit.router.view.peek()).toBe('Connect')
})

test('args: disconnect with nothing connected does nothing', async () => {
  const wallet = createTestWallet({ chains: chains.chains })
  const { kit, events } = createTestKit({
    chains: chains.chains,
    connectors: [walletConnector(wallet)],
  })
  kits.push(kit)
  await kit.connection.disconnect()
  await kit.connection.disconnect('eip155')
  expect(events).toEqual([])
  expect(wallet.calls).toEqual([])
})

test.each([4200, -32601])(
  'behavior: a wallet that cannot revoke (%i) is still disconnected',
  async (code) => {
    const { kit, wallet, events } = await connected()
    wallet.rejectNext('wallet_revokePermissions', code)
    await kit.connection.disconnect('eip155')
    expect(events).toEqual([['disconnected', { namespace: 'eip155' }]])
    expect(kit.getState().status).toBe('disconnected')
    expect(kit.connection.stored()).toEqual([])
  },
)

test('error: another wallet error → "Failed to disconnect", still connected', async () => {
  const { kit, wallet, events, connector } = await connected()
  wallet.rejectNext('wallet_revokePermissions', 4001)
  const error = await kit.connection.disconnect().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(WalletKitError)
  expect((error as WalletKitError).shortMessage).toMatchInlineSnapshot(`"Failed to disconnect"`)
  expect((error as WalletKitError).name).toBe('DisconnectError')
  expect((error as WalletKitError).cause).toBeInstanceOf(UserRejectedRequestError)
  expect(kit.getState()).toMatchObject({ status: 'connected', address: testAccount(0).address })
  expect(kit.connection.connectorOf('eip155')).toBe(connector)
  expect(events).toEqual([])
  // Trying again works.
  await kit.connection.disconnect()
  expect(kit.getState().status).toBe('disconnected')
})
