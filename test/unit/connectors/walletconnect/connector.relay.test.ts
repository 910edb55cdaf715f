// @vitest-environment node
import { type Hex, verifyMessage } from 'viem'
import { afterEach, expect, test } from 'vitest'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
} from '../../../../src/connectors/walletconnect/connector.js'
import { UserRejectedRequestError } from '../../../../src/core/errors/rpc.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'
import { type Relay, startRelay } from '../../../stack/relay'
import { createWcWallet, type WcWallet } from '../../../stack/wc-wallet'
import { createTeardown } from '../../../stack/wc-wallet/teardown'

process.env.IS_VITEST = 'true'

const NO_RPC = 'http://127.0.0.1:9'
const teardown = createTeardown()
afterEach(() => teardown.run())

const networks: CaipNetwork[] = [
  { ...resolveNetwork('eip155:31337'), rpcUrl: NO_RPC },
  { ...resolveNetwork('eip155:31338'), rpcUrl: NO_RPC },
]

async function setup() {
  const relay: Relay = await startRelay({ log: true })
  teardown.server(relay.stop)
  const wallet: WcWallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [
      { chainId: 31337, rpcUrl: NO_RPC },
      { chainId: 31338, rpcUrl: NO_RPC },
    ],
  })
  teardown.client(wallet.close)
  const connector: WalletConnectConnector = createWalletConnectConnector({
    projectId: '0'.repeat(32),
    relayUrl: relay.url,
    metadata: () => ({ name: 'Site', description: '', url: 'http://127.0.0.1', icons: [] }),
    networks,
    rpcUrl: (n) => n.rpcUrl,
    storagePrefix: `walletkit-test-${crypto.randomUUID()}`,
  })
  teardown.client(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await connector.destroy()
  })
  // The pairing URI goes to the wallet as a scanned QR code would.
  connector.pairing.uri.subscribe((uri) => {
    if (uri) void wallet.pair(uri)
  })
  return { relay, wallet, connector }
}

/** Connects through the pairing controller, as the view does. */
async function connect(
  connector: WalletConnectConnector,
  network?: CaipNetwork,
): Promise<{ accounts: string[]; caipNetworkId: string }> {
  let result: { accounts: string[]; caipNetworkId: string } | undefined
  let failure: unknown
  await new Promise<void>((resolve) => {
    connector.pairing.start(() =>
      connector.connect({ network }).then(
        (r) => {
          result = r
          resolve()
        },
        (error: unknown) => {
          failure = error
          resolve()
          throw error
        },
      ),
    )
  })
  if (failure) throw failure
  return result as { accounts: string[]; caipNetworkId: string }
}

test('default', async () => {
  const { wallet, connector } = await setup()
  expect(connector.provider).toBeUndefined()
  const approved = wallet.approve()
  const result = await connect(connector, networks[1])
  await approved
  expect(result).toEqual({ accounts: [wallet.address], caipNetworkId: 'eip155:31338' })
  expect(connector.pairing.status.value).toBe('connected')
  expect(await connector.isAuthorized()).toBe(true)
  expect(await connector.getNetworkId()).toBe('eip155:31338')
  // The relay client's id, for the service calls (SPEC §7).
  expect(connector.clientId).toBe(await connector.provider?.client.core.crypto.getClientId())
  expect(connector.clientId).toMatch(/^did:key:/)
})

test('behavior: the proposal carries the configured networks, methods and events', async () => {
  const { wallet, connector } = await setup()
  const proposal = wallet.nextProposal()
  void connect(connector).catch(() => undefined)
  const received = await proposal
  const { optionalNamespaces } = received
  expect(optionalNamespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
  expect(optionalNamespaces.eip155?.methods).toContain('personal_sign')
  expect(optionalNamespaces.eip155?.methods).toContain('eth_sendTransaction')
  expect(optionalNamespaces.eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
  await wallet.reject(received)
})

test('behavior: personal_sign through getProvider() is signed by the wallet', async () => {
  const { wallet, connector } = await setup()
  const approved = wallet.approve()
  await connect(connector)
  await approved
  const provider = connector.getProvider() as {
    request(args: { method: string; params: unknown[] }): Promise<unknown>
  }
  const message = '0x48656c6c6f' as const
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [message, wallet.address],
  })) as Hex
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
})

test('behavior: session events become connector events', async () => {
  const { wallet, connector } = await setup()
  const approved = wallet.approve()
  await connect(connector)
  await approved
  const chains: string[] = []
  const accounts: string[][] = []
  let disconnects = 0
  connector.on('chainChanged', (id) => chains.push(id))
  connector.on('accountsChanged', (list) => accounts.push(list))
  connector.on('disconnect', () => disconnects++)

  await wallet.emitChainChanged(31338)
  await expect.poll(() => chains).toEqual(['eip155:31338'])

  await wallet.emitAccountsChanged(1)
  await expect.poll(() => accounts.at(-1)).toEqual([wallet.address])

  await wallet.disconnect()
  await expect.poll(() => disconnects).toBe(1)
  expect(await connector.getAccounts()).toEqual([])
  expect(await connector.isAuthorized()).toBe(false)
  expect(connector.pairing.status.value).toBe('disconnected')
})

test('behavior: disconnect from the site ends the session on the wallet too', async () => {
  const { wallet, connector } = await setup()
  const approved = wallet.approve()
  await connect(connector)
  await approved
  await connector.disconnect()
  await expect.poll(() => wallet.sessions().length).toBe(0)
  expect(await connector.getAccounts()).toEqual([])
})

test('error: a rejected proposal is a UserRejectedRequestError and the pairing says so', async () => {
  const { wallet, connector } = await setup()
  const rejected = wallet.reject()
  await expect(connect(connector)).rejects.toBeInstanceOf(UserRejectedRequestError)
  await rejected
  expect(connector.pairing.failure.value?.kind).toBe('rejected')
  expect(connector.pairing.status.value).toBe('disconnected')
})
