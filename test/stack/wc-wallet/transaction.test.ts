// @vitest-environment node
import { createPublicClient, type Hex, http, parseEther, toHex } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { startAnvil } from '../chain/anvil'
import { startRelay } from '../relay'
import { createTestDapp } from './dapp'
import { createWcWallet } from './index'
import { createTeardown } from './teardown'

process.env.IS_VITEST = 'true'

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' // account #2

const teardown = createTeardown()
afterEach(() => teardown.run())

async function setup() {
  const [anvil, relay] = await Promise.all([startAnvil({ chainId: 31337 }), startRelay()])
  teardown.server(anvil.stop)
  teardown.server(relay.stop)
  const wallet = await createWcWallet({
    relayUrl: relay.url,
    projectId: 'test',
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
  })
  teardown.client(wallet.close)
  const dapp = await createTestDapp(relay.url, { 31337: anvil.rpcUrl })
  teardown.client(dapp.close)
  await dapp.connectTo(wallet, [31337])
  const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  return { wallet, provider: dapp.provider, chain }
}

test('default', async () => {
  const { wallet, provider, chain } = await setup()
  const before = await chain.getBalance({ address: RECIPIENT })
  const hash = await provider.request<Hex>(
    {
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: RECIPIENT, value: toHex(parseEther('1.5')) }],
    },
    'eip155:31337',
  )
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(await chain.getBalance({ address: RECIPIENT })).toBe(before + parseEther('1.5'))
})

test('error: the chain refusing a transaction reaches the dapp with its code, not a hash', async () => {
  const { wallet, provider } = await setup()
  await expect(
    provider.request(
      {
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to: RECIPIENT, value: toHex(parseEther('1000000')) }],
      },
      'eip155:31337',
    ),
  ).rejects.toMatchObject({ code: -32003, message: expect.stringMatching(/insufficient funds/i) })
})
