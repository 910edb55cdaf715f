// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { UniversalProvider } from '@walletconnect/universal-provider'
import { type Hex, verifyMessage } from 'viem'
import { afterEach, expect, test } from 'vitest'
import type { Cut } from '../../../scripts/trim-packages.js'
import { WALLETCONNECT_CUTS } from '../../../scripts/walletconnect-cuts.js'
import {
  closeWalletConnectProvider,
  createWalletConnectProvider,
  type ProviderFactory,
  type WalletConnectProvider,
} from '../../../src/connectors/walletconnect/provider.js'
import { startRelay } from '../relay'
import { createWcWallet, type WcWallet } from './index'
import { createTeardown } from './teardown'
import { loadTrimmedUniversalProvider } from './trimmed'

// The build leaves out parts of WalletConnect's files (scripts/walletconnect-cuts.ts). This file
// proves it two ways, each with a wallet on the unmodified packages through the relay stand-in:
// the kit's provider on the unmodified packages runs every dapp flow without calling what is left
// out, and the kit's provider on the trimmed packages runs the same flows.

process.env.IS_VITEST = 'true'
const NO_RPC = 'http://127.0.0.1:9'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const message = '0x48656c6c6f2c2057616c6c65744b697421' // "Hello, WalletKit!"

const teardown = createTeardown()
afterEach(() => teardown.run())

async function setup(factory: ProviderFactory) {
  const relay = await startRelay()
  teardown.server(relay.stop)
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [
      { chainId: 31337, rpcUrl: NO_RPC },
      { chainId: 31338, rpcUrl: NO_RPC },
    ],
    extraNamespaces: { solana: { chains: [SOLANA], address: SOLANA_ADDRESS } },
    handlers: { solana_signMessage: async () => ({ signature: 'sig' }) },
  })
  teardown.client(wallet.close)
  // The provider as the kit makes it: no telemetry, no provider ping, Verify's attestation empty.
  const provider = await createWalletConnectProvider(factory, {
    projectId: '0'.repeat(32),
    relayUrl: relay.url,
    metadata: { name: 'Dapp', description: 'Dapp', url: 'http://127.0.0.1', icons: [] },
    debug: false,
    storagePrefix: `dapp-side-${crypto.randomUUID()}`,
  })
  teardown.client(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await closeWalletConnectProvider(provider)
  })
  return { wallet, provider }
}

const once = <T>(provider: WalletConnectProvider, event: string) =>
  new Promise<T>((resolve) => provider.once(event, resolve as (value: unknown) => void))

async function connect(provider: WalletConnectProvider, wallet: WcWallet) {
  const approved = wallet.approve()
  provider.once('display_uri', (uri: string) => void wallet.pair(uri))
  await provider.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        methods: ['personal_sign', 'wallet_switchEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
      },
      solana: { chains: [SOLANA], methods: ['solana_signMessage'], events: [] },
    },
  })
  await approved
}

/** Every flow of the dapp side: what the kit does, and what a wallet sends it. */
async function tour(provider: WalletConnectProvider, wallet: WcWallet) {
  await connect(provider, wallet)
  const topic = provider.session?.topic ?? ''
  const signature = await provider.request<Hex>(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
  await expect(
    provider.request({ method: 'solana_signMessage', params: { message: 'aGk=' } }, SOLANA),
  ).resolves.toEqual({ signature: 'sig' })
  wallet.rejectNext('personal_sign')
  await expect(
    provider.request(
      { method: 'personal_sign', params: [message, wallet.address] },
      'eip155:31337',
    ),
  ).rejects.toMatchObject({ code: 4001 })

  // What the wallet sends: a chain switch it was asked for, an update, an event, an extend, a ping.
  const switched = once<string>(provider, 'chainChanged')
  await provider.client.request({
    topic,
    chainId: 'eip155:31337',
    request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
  })
  expect(Number(await switched)).toBe(31338)
  const accounts = once<string[]>(provider, 'accountsChanged')
  await wallet.emitAccountsChanged(1)
  expect(await accounts).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
  const chain = once<string>(provider, 'chainChanged')
  await wallet.emitChainChanged(31337)
  expect(Number(await chain)).toBe(31337)
  const before = provider.client.session.get(topic).expiry
  const extended = new Promise((resolve) => provider.client.once('session_extend', resolve))
  await (await wallet.client.extend({ topic })).acknowledged()
  await extended
  expect(provider.client.session.get(topic).expiry).toBeGreaterThanOrEqual(before)
  await wallet.client.ping({ topic })

  // The dapp disconnects; a rejected proposal; a session the wallet ends.
  await provider.disconnect()
  expect(wallet.sessions()).toEqual([])
  const rejected = wallet.reject()
  provider.once('display_uri', (uri: string) => void wallet.pair(uri))
  await expect(
    provider.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
      },
    }),
  ).rejects.toMatchObject({ code: 5000 })
  await rejected
  await connect(provider, wallet)
  const deleted = once<{ topic: string }>(provider, 'session_delete')
  await wallet.disconnect()
  await deleted
}

/** The objects of the running provider that hold each file's functions. */
function holders(provider: WalletConnectProvider): Record<string, object[]> {
  const { client } = provider
  const { core } = client
  return {
    '@walletconnect/universal-provider/dist/index.js': [provider],
    '@walletconnect/sign-client/dist/index.js': [client, client.engine],
    '@walletconnect/core/dist/index.js': [
      core,
      core.pairing,
      core.relayer,
      core.relayer.subscriber,
      core.relayer.publisher,
      core.relayer.messages,
      core.verify,
      core.echoClient,
      core.eventClient,
      core.crypto,
      core.history,
      core.expirer,
    ],
  }
}

type Call = { cut: Cut; result: unknown }

/** Wraps, on the live objects, each function the build replaces, and records its calls. */
function recordCuts(provider: WalletConnectProvider): Call[] {
  const calls: Call[] = []
  const objects = holders(provider)
  for (const { file, cuts } of WALLETCONNECT_CUTS)
    for (const cut of cuts) {
      type Fn = (...args: unknown[]) => unknown
      const has = (o: object, name: string) =>
        typeof (o as Record<string, unknown>)[name] === 'function'
      const found = (objects[file] ?? []).filter(
        (o) => has(o, cut.name) && (!cut.in || has(o, cut.in)),
      )
      // The same functions the build finds: as many, in as many objects.
      expect(found.length, `${file} ${cut.name}`).toBe(cut.count ?? 1)
      for (const o of found) {
        const target = o as Record<string, Fn>
        const original = target[cut.name] as Fn
        target[cut.name] = function (this: unknown, ...args: unknown[]) {
          const result = original.apply(this, args)
          calls.push({ cut, result })
          return result
        }
      }
    }
  return calls
}

test('default', async () => {
  const { wallet, provider } = await setup(UniversalProvider)
  const calls = recordCuts(provider)
  await tour(provider, wallet)
  // Only stubs that return a value are ever called, and then the original returned that value.
  const called = [...new Set(calls.map((c) => c.cut.name))].sort()
  expect(called).toEqual(['extractTxHashesFromResult', 'isLinkModeEnabled', 'register'])
  for (const { cut, result } of calls)
    expect(await result, cut.name).toEqual(runInNewContext(cut.returns ?? 'undefined'))
  // The telemetry cuts stand on this: the event client was made with telemetry off.
  expect(provider.client.core.eventClient.telemetryEnabled).toBe(false)
})

test('behavior: the dapp on the trimmed packages runs every flow with a wallet on the real ones', async () => {
  const { wallet, provider } = await setup(await loadTrimmedUniversalProvider())
  await tour(provider, wallet)
  await expect(provider.client.approve({ id: 1, namespaces: {} })).rejects.toThrow(
    'WalletKit leaves out @walletconnect/sign-client approve()',
  )
  await expect(provider.authenticate({} as never)).rejects.toThrow(
    'WalletKit leaves out @walletconnect/universal-provider authenticate()',
  )
})

/**
 * The wallet sends the dapp a session request, which only a dapp sends, then a ping. The dapp
 * handles its requests in order, so once the ping is answered the first has been handled.
 */
async function requestFromTheWallet(provider: WalletConnectProvider, wallet: WcWallet) {
  await connect(provider, wallet)
  const topic = provider.session?.topic ?? ''
  let emitted = 0
  provider.client.on('session_request', () => emitted++)
  let answered = false
  void wallet.client
    .request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [message, wallet.address] },
    })
    .then(
      () => (answered = true),
      () => (answered = true),
    )
  await wallet.client.ping({ topic })
  return { stored: provider.client.pendingRequest.getAll().length, emitted, answered }
}

test('behavior: a request only a wallet receives gets no answer; the published dapp keeps it, the trimmed one ignores it', async () => {
  const published = await setup(UniversalProvider)
  expect(await requestFromTheWallet(published.provider, published.wallet)).toEqual({
    stored: 1,
    emitted: 1,
    answered: false,
  })
  await teardown.run()
  const trimmed = await setup(await loadTrimmedUniversalProvider())
  expect(await requestFromTheWallet(trimmed.provider, trimmed.wallet)).toEqual({
    stored: 0,
    emitted: 0,
    answered: false,
  })
})
