// @vitest-environment node
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { type Relay, startRelay } from '../relay'
import { createTestDapp, type TestDapp } from './dapp'
import { createWcWallet, type WcWallet, type WcWalletOptions } from './index'
import { createTeardown } from './teardown'

process.env.IS_VITEST = 'true'

const NO_RPC = 'http://127.0.0.1:9'
const teardown = createTeardown()
afterEach(() => teardown.run())

async function setup(walletOptions: Partial<WcWalletOptions> = {}) {
  const relay: Relay = await startRelay()
  teardown.server(relay.stop)
  const wallet: WcWallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [
      { chainId: 31337, rpcUrl: NO_RPC },
      { chainId: 31338, rpcUrl: NO_RPC },
    ],
    ...walletOptions,
  })
  teardown.client(wallet.close)
  const dapp: TestDapp = await createTestDapp(relay.url)
  teardown.client(dapp.close)
  return { relay, wallet, dapp, provider: dapp.provider }
}

const message = '0x48656c6c6f2c2057616c6c65744b697421' // "Hello, WalletKit!"

test('default', async () => {
  const started = performance.now()
  const { wallet, dapp, provider } = await setup()
  const ready = performance.now()
  await dapp.connectTo(wallet)
  const signature = await provider.request<Hex>(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  const done = performance.now()
  expect(
    await verifyMessage({ address: wallet.address, message: { raw: message }, signature }),
  ).toBe(true)
  expect(wallet.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(provider.session?.namespaces.eip155?.accounts).toEqual([
    `eip155:31337:${wallet.address}`,
    `eip155:31338:${wallet.address}`,
  ])
  expect(wallet.sessions().map((s) => s.topic)).toEqual([provider.session?.topic])
  console.log(
    `pair+sign: ${(done - ready).toFixed(0)} ms (plus ${(ready - started).toFixed(0)} ms relay and client start)`,
  )
})

test('behavior: eth_signTypedData_v4 is signed by the active account', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  const typed = {
    domain: { name: 'WalletKit', version: '1', chainId: 31337 },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [{ name: 'contents', type: 'string' }],
    },
    primaryType: 'Mail',
    message: { contents: 'gm' },
  } as const
  const signature = await provider.request<Hex>(
    { method: 'eth_signTypedData_v4', params: [wallet.address, JSON.stringify(typed)] },
    'eip155:31337',
  )
  const { EIP712Domain: _, ...types } = typed.types
  expect(await verifyTypedData({ ...typed, types, address: wallet.address, signature })).toBe(true)
})

test('behavior: rejecting the proposal rejects the dapp connect', async () => {
  const { wallet, dapp } = await setup()
  const rejected = wallet.reject()
  await expect(dapp.connect((uri) => void wallet.pair(uri))).rejects.toMatchObject({
    code: 5000,
    message: 'User rejected.',
  })
  await rejected
  expect(wallet.sessions()).toEqual([])
})

test('behavior: a disconnect from the wallet reaches the dapp', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  const deleted = new Promise<{ topic: string }>((resolve) =>
    provider.once('session_delete', resolve),
  )
  const topic = provider.session?.topic
  await wallet.disconnect()
  expect((await deleted).topic).toBe(topic)
  expect(wallet.sessions()).toEqual([])
})

test('behavior: rejectNext fails only the next request of that method', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  wallet.rejectNext('personal_sign')
  wallet.rejectNext('personal_sign', -32002)
  const sign = () =>
    provider.request<Hex>(
      { method: 'personal_sign', params: [message, wallet.address] },
      'eip155:31337',
    )
  await expect(sign()).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  await expect(sign()).rejects.toMatchObject({ code: -32002 })
  await expect(sign()).resolves.toMatch(/^0x[0-9a-f]{130}$/)
})

test('behavior: account and chain changes reach the dapp', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  const accounts = new Promise<string[]>((resolve) => provider.once('accountsChanged', resolve))
  await wallet.emitAccountsChanged(1)
  expect(await accounts).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
  expect(provider.session?.namespaces.eip155?.accounts).toContain(
    'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  )

  const chain = new Promise<string>((resolve) => provider.once('chainChanged', resolve))
  await wallet.emitChainChanged(31338)
  expect(Number(await chain)).toBe(31338)
  await expect(wallet.emitChainChanged(1)).rejects.toThrow('No session includes eip155:1')
})

test('behavior: wallet_switchEthereumChain emits chainChanged; an unknown chain fails with 4902', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  // The provider switches locally between approved chains, so ask the wallet directly, as other dapps do.
  const askSwitch = (chainId: string) =>
    provider.client.request({
      topic: provider.session?.topic ?? '',
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId }] },
    })
  const chain = new Promise<string>((resolve) => provider.once('chainChanged', resolve))
  await expect(askSwitch('0x7a6a')).resolves.toBeNull()
  expect(Number(await chain)).toBe(31338)
  await expect(askSwitch('0x1')).rejects.toMatchObject({ code: 4902 })
})

test('behavior: a request on another approved chain is answered there, without a chainChanged', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  const seen: string[] = []
  provider.on('chainChanged', (chainId: string) => seen.push(String(chainId)))
  const chainIdOn = (chainId: string) =>
    provider.client.request({
      topic: provider.session?.topic ?? '',
      chainId,
      request: { method: 'eth_chainId', params: [] },
    })
  expect(await chainIdOn('eip155:31338')).toBe('0x7a6a')
  expect(wallet.testWallet.chainId).toBe(31338)
  expect(await chainIdOn('eip155:31337')).toBe('0x7a69')
  // A chain change the user makes is the first event the dapp sees.
  const marker = new Promise((resolve) => provider.once('chainChanged', resolve))
  await wallet.emitChainChanged(31338)
  await marker
  expect(seen.map(Number)).toEqual([31338])
})

test('behavior: a nested -32603 error loses its data on the way (the sign-client normalises reserved codes)', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  wallet.testWallet.nestNextError('personal_sign', 4001)
  const error = await provider
    .request({ method: 'personal_sign', params: [message, wallet.address] }, 'eip155:31337')
    .catch((e: unknown) => e)
  expect(error).toMatchObject({ code: -32603 })
  expect(error).not.toHaveProperty('data')
  expect(wallet.testWallet.calls.at(-1)?.error).toMatchObject({
    data: { originalError: { code: 4001 } },
  })
})

test('behavior: with autoRespond off, requests wait for the test to answer', async () => {
  const { wallet, dapp, provider } = await setup({ autoRespond: false })
  await dapp.connectTo(wallet)
  const result = provider.request(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  const request = await wallet.nextRequest()
  expect(request).toMatchObject({
    method: 'personal_sign',
    chainId: 'eip155:31337',
    params: [message, wallet.address],
  })
  await wallet.respond(request, '0xfeed')
  expect(await result).toBe('0xfeed')

  const failing = provider.request(
    { method: 'personal_sign', params: [message, wallet.address] },
    'eip155:31337',
  )
  await wallet.respondError(await wallet.nextRequest(), 4100)
  await expect(failing).rejects.toMatchObject({ code: 4100 })
})

test('error: a request for another address is refused with 4100', async () => {
  const { wallet, dapp, provider } = await setup()
  await dapp.connectTo(wallet)
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  await expect(
    provider.request({ method: 'personal_sign', params: [message, other] }, 'eip155:31337'),
  ).rejects.toMatchObject({ code: 4100 })
})

test('behavior: extra namespaces are approved when proposed and answered by handlers', async () => {
  const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const { wallet, dapp, provider } = await setup({
    extraNamespaces: { solana: { chains: [solanaChain], address } },
    handlers: { solana_signMessage: async () => ({ signature: 'sig' }) },
  })
  const approved = wallet.approve()
  await dapp.connect((uri) => void wallet.pair(uri), [31337], {
    solana: { chains: [solanaChain], methods: ['solana_signMessage'], events: [] },
  })
  await approved
  expect(provider.session?.namespaces.solana).toMatchObject({
    chains: [solanaChain],
    accounts: [`${solanaChain}:${address}`],
    methods: ['solana_signMessage', 'solana_signTransaction'],
  })
  expect(provider.session?.namespaces.eip155?.chains).toEqual(['eip155:31337'])
  await expect(
    provider.request({ method: 'solana_signMessage', params: { message: 'aGk=' } }, solanaChain),
  ).resolves.toEqual({ signature: 'sig' })
  // Approved but without a handler: the wallet cannot do it.
  await expect(
    provider.request({ method: 'solana_signTransaction', params: {} }, solanaChain),
  ).rejects.toMatchObject({ code: 4200 })
})
