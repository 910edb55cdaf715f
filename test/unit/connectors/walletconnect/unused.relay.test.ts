// @vitest-environment node
import { afterEach, expect, test } from 'vitest'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
} from '../../../../src/connectors/walletconnect/connector.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { startRelay } from '../../../stack/relay'
import { createWcWallet } from '../../../stack/wc-wallet'
import { createTeardown } from '../../../stack/wc-wallet/teardown'

process.env.IS_VITEST = 'true'

const NO_RPC = 'http://127.0.0.1:9'
const teardown = createTeardown()
afterEach(() => teardown.run())

async function setup() {
  const relay = await startRelay({ log: true })
  teardown.server(relay.stop)
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [{ chainId: 31337, rpcUrl: NO_RPC }],
  })
  teardown.client(wallet.close)
  const connector = createWalletConnectConnector({
    projectId: '0'.repeat(32),
    relayUrl: relay.url,
    metadata: () => ({ name: 'Site', description: '', url: 'http://127.0.0.1', icons: [] }),
    networks: [{ ...resolveNetwork('eip155:31337'), rpcUrl: NO_RPC }],
    rpcUrl: (n) => n.rpcUrl,
    storagePrefix: `walletkit-test-${crypto.randomUUID()}`,
  })
  teardown.client(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await connector.destroy()
  })
  return { relay, wallet, connector }
}

/** A new QR code, as the view's retry or a new opening asks for it; resolves with its URI. */
async function newQrCode(connector: WalletConnectConnector, last?: string): Promise<string> {
  connector.pairing.retry(() => connector.connect({}).then(() => undefined))
  await expect.poll(() => connector.pairing.uri.value, { timeout: 10_000 }).not.toBe(last)
  await expect.poll(() => connector.pairing.uri.value).toBeDefined()
  return connector.pairing.uri.value as string
}

/** What WalletConnect's client keeps per pairing and proposal, store by store. */
function stores(connector: WalletConnectConnector) {
  const client = connector.provider?.client
  if (!client) throw new Error('no provider')
  const { core } = client
  return {
    proposals: client.proposal.length,
    pairings: core.pairing.pairings.length,
    expiries: core.expirer.length,
    history: core.history.size,
    keys: core.crypto.keychain.keychain.size,
    listeners: client.events.listenerCount('proposal_expire'),
  }
}

test('default: QR codes left unscanned leave the stores as one QR code does; the last one pairs', async () => {
  const { wallet, connector } = await setup()
  let uri = await newQrCode(connector)
  const one = stores(connector)
  expect(one).toMatchObject({ proposals: 1, pairings: 1, history: 1, listeners: 1 })
  for (let i = 0; i < 5; i++) uri = await newQrCode(connector, uri)
  // The ends the client runs after an expiry are asynchronous (an unsubscribe first).
  await expect.poll(() => stores(connector)).toEqual(one)

  const approved = wallet.approve()
  await wallet.pair(uri)
  await approved
  await expect.poll(() => connector.pairing.status.value).toBe('connected')
})

test('behavior: QR codes asked for faster than a proposal takes are made one at a time, the last one asked for', async () => {
  const { relay, connector } = await setup()
  const proposals = () =>
    relay.frames.filter((f) => f.direction === 'in' && f.text.includes('"wc_proposeSession"'))
      .length
  let uri = await newQrCode(connector)
  const one = stores(connector)
  const before = proposals()
  for (let i = 0; i < 5; i++)
    connector.pairing.retry(() => connector.connect({}).then(() => undefined))
  uri = await newQrCode(connector, uri)
  // The first, already on its way when the others were asked for, and the last.
  expect(proposals() - before).toBeLessThanOrEqual(2)
  await expect.poll(() => stores(connector)).toEqual(one)
  expect(uri).toMatch(/^wc:/)
})
