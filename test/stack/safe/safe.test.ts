// @vitest-environment node
import { SafeAppProvider } from '@safe-global/safe-apps-provider'
import SafeAppsSDK from '@safe-global/safe-apps-sdk'
import { encodeFunctionData, type Hex, hashMessage, parseEther, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  type ChainDescription,
  type Chains,
  rpc,
  startChains,
  testAccount,
} from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { deploySafe, SAFE_FUNDS, type SafeDeployment, safeNonce } from './account.js'
import { formatReply } from './page.js'
import { createSafeParent, PARENT_SDK_VERSION, type SafeParent } from './parent.js'

// The stand-in Safe web wallet answers the real Safe Apps SDK and its EIP-1193 provider, as the
// Safe web wallet does, and executes what the owner approved from the SafeAccount contract.

let chains: Chains
let safe: SafeDeployment
let parent: SafeParent
const APP_ORIGIN = 'http://127.0.0.1:1'

beforeAll(async () => {
  chains = await startChains({ chainIds: [31337] })
  safe = await deploySafe(chains.chains[0] as ChainDescription)
  parent = createSafeParent([safe])
}, 60_000)
afterAll(() => chains?.stop())
afterEach(() => parent.controls.reset())

/**
 * The real SDK in a framed page: its `window.parent` hands each request to the stand-in, whose
 * answer comes back as the page script formats it, from the parent window.
 */
function realSdk() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const parentWindow = {
    postMessage(message: { id: string; method: string; params: unknown }) {
      void parent
        .answer(safe.chainId, {
          method: message.method,
          params: message.params,
          origin: APP_ORIGIN,
        })
        .then((answer) => {
          if ('silent' in answer || 'ask' in answer) return
          const data = formatReply(message.id, answer, PARENT_SDK_VERSION)
          for (const listener of listeners)
            listener({ data, origin: 'http://127.0.0.1:2', source: parentWindow } as never)
        })
    },
  }
  Object.assign(globalThis, {
    window: {
      parent: parentWindow,
      crypto: globalThis.crypto,
      addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.delete(l),
    },
  })
  return new SafeAppsSDK()
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window')
})

test('default: the SDK reads the Safe, and its provider sends a transaction the contract executes', async () => {
  const sdk = realSdk()
  const info = await sdk.safe.getInfo()
  expect(info).toMatchObject({
    safeAddress: safe.address,
    chainId: 31337,
    threshold: 1,
    owners: [safe.owner],
  })
  const provider = new SafeAppProvider(info, sdk)
  const to = testAccount(9).address
  const before = BigInt(await rpc<Hex>(safe.rpcUrl, 'eth_getBalance', [to, 'latest']))
  const nonce = await safeNonce(safe)
  const safeTxHash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: safe.address, to, value: '0x2386f26fc10000' }],
  })) as Hex
  expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await safeNonce(safe)).toBe(nonce + 1n)
  const after = BigInt(await rpc<Hex>(safe.rpcUrl, 'eth_getBalance', [to, 'latest']))
  expect(after - before).toBe(parseEther('0.01'))
  // The hash is the Safe's, not the chain's; the receipt is found through it all the same.
  const [record] = parent.controls.transactions
  expect(record?.safeTxHash).toBe(safeTxHash)
  expect(record?.txHash).not.toBe(safeTxHash)
  const receipt = (await provider.request({
    method: 'eth_getTransactionReceipt',
    params: [safeTxHash],
  })) as { status: string; transactionHash: string }
  expect(receipt.status).toBe('0x1')
  expect(await rpc(safe.rpcUrl, 'eth_getTransactionReceipt', [safeTxHash])).toBeNull()
})

test('behavior: a token transfer from the Safe; reads go through the parent', async () => {
  const sdk = realSdk()
  const provider = new SafeAppProvider(await sdk.safe.getInfo(), sdk)
  const usdc = chains.chains[0]?.tokens.find((t) => t.symbol === 'USDC')
  if (!usdc) throw new Error('no USDC')
  const balanceOf = (who: string) =>
    provider.request({
      method: 'eth_call',
      params: [
        {
          to: usdc.address,
          data: encodeFunctionData({
            abi: artifacts.TestToken.abi,
            functionName: 'balanceOf',
            args: [who as Hex],
          }),
        },
        'latest',
      ],
    }) as Promise<Hex>
  expect(BigInt(await balanceOf(safe.address))).toBe(parseUnits(SAFE_FUNDS.USDC, 6))
  await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        to: usdc.address,
        data: encodeFunctionData({
          abi: artifacts.TestToken.abi,
          functionName: 'transfer',
          args: [testAccount(9).address, 5_000_000n],
        }),
      },
    ],
  })
  expect(BigInt(await balanceOf(safe.address))).toBe(parseUnits(SAFE_FUNDS.USDC, 6) - 5_000_000n)
})

test('error: a transaction the owner rejects is an error, and nothing executes', async () => {
  parent.controls.approval = 'reject'
  const sdk = realSdk()
  const nonce = await safeNonce(safe)
  await expect(
    sdk.txs.send({ txs: [{ to: testAccount(9).address, value: '1', data: '0x' }] }),
  ).rejects.toThrow('Transaction was rejected')
  expect(await safeNonce(safe)).toBe(nonce)
  expect(parent.controls.transactions).toEqual([])
})

test('behavior: a signed message is the owner’s signature the Safe accepts (EIP-1271)', async () => {
  const sdk = realSdk()
  const provider = new SafeAppProvider(await sdk.safe.getInfo(), sdk)
  const signature = (await provider.request({
    method: 'personal_sign',
    params: ['0x68656c6c6f', safe.address],
  })) as Hex
  const answer = await rpc<Hex>(safe.rpcUrl, 'eth_call', [
    {
      to: safe.address,
      data: encodeFunctionData({
        abi: artifacts.SafeAccount.abi,
        functionName: 'isValidSignature',
        args: [hashMessage({ raw: '0x68656c6c6f' }), signature],
      }),
    },
    'latest',
  ])
  expect(answer.slice(0, 10)).toBe('0x1626ba7e')
})

test('error: the contract refuses a signature that is not the owner’s', async () => {
  const data = encodeFunctionData({
    abi: artifacts.SafeAccount.abi,
    functionName: 'execTransaction',
    args: [
      testAccount(9).address,
      1n,
      '0x',
      await testAccount(3).sign({ hash: `0x${'00'.repeat(32)}` }),
    ],
  })
  await expect(
    rpc(safe.rpcUrl, 'eth_call', [
      { from: testAccount(3).address, to: safe.address, data },
      'latest',
    ]),
  ).rejects.toThrow('SAFE: signature')
})

test('error: a silent parent never answers', async () => {
  parent.controls.silent = true
  expect(
    await parent.answer(safe.chainId, {
      method: 'getSafeInfo',
      params: undefined,
      origin: APP_ORIGIN,
    }),
  ).toEqual({
    silent: true,
  })
  parent.controls.silent = false
  parent.controls.approval = 'manual'
  expect(
    await parent.answer(safe.chainId, {
      method: 'signMessage',
      params: { message: 'hi' },
      origin: APP_ORIGIN,
    }),
  ).toEqual({ ask: true })
})
