// @vitest-environment node
import {
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  parseGwei,
  parseUnits,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { createTestWallet } from './index.js'
import { walletOnChainsForFile } from './wallet-fixture.js'

const stack = walletOnChainsForFile()
const { events, call, result } = stack

const chainAt = (i: number) => stack.chainAt(i)

test('default', async () => {
  expect(await result('eth_chainId')).toBe('0x7a69')
  expect(await result('eth_blockNumber')).toMatch(/^0x[0-9a-f]+$/)
  expect(stack.wallet.addedChains).toEqual([])
})

describe('transactions', () => {
  test('behavior: eth_sendTransaction keeps the dapp gas, fee and nonce fields', async () => {
    await result('eth_requestAccounts')
    const { rpcUrl } = chainAt(0)
    const client = createPublicClient({ transport: http(rpcUrl) })
    const from = testAccount(0).address
    const nonce = await client.getTransactionCount({ address: from })
    const hash = (await result('eth_sendTransaction', [
      {
        from,
        to: testAccount(7).address,
        value: '0x1',
        gas: '0x7530',
        maxFeePerGas: `0x${parseGwei('9').toString(16)}`,
        maxPriorityFeePerGas: `0x${parseGwei('2').toString(16)}`,
        nonce: `0x${nonce.toString(16)}`,
      },
    ])) as Hex
    const tx = await client.getTransaction({ hash })
    expect(tx).toMatchObject({
      gas: 30_000n,
      maxFeePerGas: parseGwei('9'),
      maxPriorityFeePerGas: parseGwei('2'),
      nonce,
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: await rawOf(rpcUrl, hash) }),
    ).toBe(from)
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe(
      'success',
    )

    const legacy = (await result('eth_sendTransaction', [
      { from, to: testAccount(7).address, gasPrice: `0x${parseGwei('5').toString(16)}` },
    ])) as Hex
    expect(await client.getTransaction({ hash: legacy })).toMatchObject({
      type: 'legacy',
      gasPrice: parseGwei('5'),
    })
  })

  test('error: a reverting call passes the node error through (code, message, revert data)', async () => {
    await result('eth_requestAccounts')
    const chain = chainAt(0)
    const data = encodeFunctionData({
      abi: artifacts.TestToken.abi,
      functionName: 'transfer',
      args: [testAccount(7).address, parseUnits('1000000', 6)],
    })
    const usdc = chain.tokens[0]?.address
    const outcome = await call('eth_sendTransaction', [
      { from: testAccount(0).address, to: usdc, data },
    ])
    expect(outcome).toMatchObject({
      error: { code: 3, message: expect.stringContaining('ERC20: balance') },
    })
    expect(await call('eth_call', [{ to: usdc, data }, 'latest'])).toMatchObject({
      error: { code: 3, data: expect.stringMatching(/^0x08c379a0/) },
    })
  })
})

describe('chains', () => {
  test('behavior: switching to a configured chain emits chainChanged and moves the RPC', async () => {
    await result('eth_requestAccounts')
    expect(await result('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(await result('eth_chainId')).toBe('0x7a6a')
    expect(events.at(-1)).toEqual({ event: 'chainChanged', payload: '0x7a6a' })
    const hash = (await result('eth_sendTransaction', [
      { from: testAccount(0).address, to: testAccount(7).address, value: '0x2' },
    ])) as Hex
    const onB = createPublicClient({ transport: http(chainAt(1).rpcUrl) })
    expect((await onB.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe(
      'success',
    )
  })

  test('error: an unknown chain → 4902; a malformed id → -32602', async () => {
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
      error: {
        code: 4902,
        message:
          'Unrecognized chain ID "0x1". Try adding the chain using wallet_addEthereumChain first.',
      },
    })
    expect(await call('wallet_switchEthereumChain', [{ chainId: '31338' }])).toMatchObject({
      error: { code: -32602 },
    })
    expect(await result('eth_chainId')).toBe('0x7a69')
  })

  test('behavior: wallet_addEthereumChain accepts a local anvil, then switching works', async () => {
    const single = createTestWallet({ chains: [chainAt(0)] })
    const param = { chainId: '0x7a6a', chainName: 'Devnet B', rpcUrls: [chainAt(1).rpcUrl] }
    expect(
      await single.handle('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]),
    ).toMatchObject({ error: { code: 4902 } })
    expect(await single.handle('wallet_addEthereumChain', [param])).toEqual({ result: null })
    expect(single.chainId).toBe(31337)
    expect(single.addedChains).toEqual([
      { chainId: 31338, rpcUrl: chainAt(1).rpcUrl, chainName: 'Devnet B' },
    ])
    expect(await single.handle('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({
      result: null,
    })
    expect(await single.handle('eth_blockNumber')).toMatchObject({
      result: expect.stringMatching(/^0x/),
    })
  })

  test('error: wallet_addEthereumChain refuses a wrong id or a remote RPC', async () => {
    const wrongId = { chainId: '0x7a6b', rpcUrls: [chainAt(1).rpcUrl] }
    expect(await call('wallet_addEthereumChain', [wrongId])).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('does not match') },
    })
    const remote = { chainId: '0x1', rpcUrls: ['https://rpc.example.org'] }
    expect(await call('wallet_addEthereumChain', [remote])).toMatchObject({
      error: { code: -32602 },
    })
    stack.wallet.rejectNext('wallet_addEthereumChain')
    expect(
      await call('wallet_addEthereumChain', [{ chainId: '0x7a6a', rpcUrls: [chainAt(1).rpcUrl] }]),
    ).toMatchObject({ error: { code: 4001 } })
  })

  test('behavior: switchChainFromWallet may go to an unlisted chain, as hex, decimal or number', async () => {
    await stack.wallet.switchChainFromWallet(31338)
    await stack.wallet.switchChainFromWallet(1, { format: 'decimal' })
    await stack.wallet.switchChainFromWallet(10, { format: 'number' })
    expect(events.map((e) => e.payload)).toEqual(['0x7a6a', '1', 10])
    expect(await result('eth_chainId')).toBe('0xa')
    expect(await call('eth_blockNumber')).toMatchObject({ error: { code: 4901 } })
  })
})

async function rawOf(rpcUrl: string, hash: Hex): Promise<TransactionSerialized> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getRawTransactionByHash',
      params: [hash],
    }),
  })
  return ((await response.json()) as { result: TransactionSerialized }).result
}
