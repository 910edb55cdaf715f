import { expect, test, vi } from 'vitest'
import { createEip155Writer } from '../../../src/chains/eip155/writer.js'
import { createChainState } from '../../../src/core/chain-state.js'
import { createEip155Wallet } from '../../../src/core/eip155-wallet.js'
import { resolveNetwork } from '../../../src/core/networks.js'
import type { ResolvedOptions } from '../../../src/core/options.js'
import { SignatureDeclinedError } from '../../../src/core/siwx/errors.js'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DEVNET = resolveNetwork({
  caipNetworkId: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
})
const SIGNATURE = `0x${'ab'.repeat(65)}`

function setup(answer: (method: string) => unknown = () => SIGNATURE) {
  const rpc = vi.fn(async (_url: string, method: string) => `rpc:${method}`)
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => {
      const value = answer(method)
      if (value instanceof Error) throw value
      return value
    }),
  }
  const chain = createChainState({ networks: [DEVNET], defaultNetwork: DEVNET, accountTypes: {} })
  const wallet = createEip155Wallet({
    adapters: { eip155: { writer: createEip155Writer({ rpc }) } as never },
    chain,
    provider: () => provider,
    options: { networks: [DEVNET] } as unknown as ResolvedOptions,
  })
  return { wallet, provider, rpc }
}

test('default: a message is signed by personal_sign through the writer, as hex and by address', async () => {
  const { wallet, provider } = setup()
  expect(await wallet.signMessage('hi', ALICE)).toBe(SIGNATURE)
  expect(provider.request).toHaveBeenCalledWith({
    method: 'personal_sign',
    params: ['0x6869', ALICE],
  })
})

test('error: a declined signature is "Signature declined"; a contract account may sign short', async () => {
  const declined = setup(() => Object.assign(new Error('no'), { code: 4001 }))
  await expect(declined.wallet.signMessage('hi', ALICE)).rejects.toBeInstanceOf(
    SignatureDeclinedError,
  )
  const safe = setup(() => '0xabcd')
  expect(await safe.wallet.signMessage('hi', ALICE)).toBe('0xabcd')
})

test("behavior: a read goes to the network's RPC when the site gave one, else to the wallet", async () => {
  const { wallet, provider, rpc } = setup(() => '0x01')
  expect(await wallet.read('eip155:31337', 'eth_call', [{}, 'latest'])).toBe('rpc:eth_call')
  expect(rpc).toHaveBeenCalledWith('http://127.0.0.1:8545', 'eth_call', [{}, 'latest'])
  // A network the site did not describe (an unsupported chain the site allows) has no url.
  expect(await wallet.read('eip155:10', 'eth_call', [{}, 'latest'])).toBe('0x01')
  expect(provider.request).toHaveBeenCalledWith({ method: 'eth_call', params: [{}, 'latest'] })
})
