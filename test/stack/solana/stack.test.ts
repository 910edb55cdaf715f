// @vitest-environment node
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEMO_PROJECT_ID, type Stack, startStack } from '../index.js'
import { SOLANA_LOCALNET, solanaTestAccount } from './index.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ chains: true })
}, 60_000)
afterAll(() => stack?.stop())

const rpc = async (method: string, params: unknown[]) => {
  const response = await fetch(stack.urls.solanaRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

test('default', async () => {
  expect(stack.urls.solanaRpc).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(stack.solana?.network).toEqual({
    caipNetworkId: SOLANA_LOCALNET,
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrl: stack.urls.solanaRpc,
  })
  const { address } = await solanaTestAccount(0)
  expect(await rpc('getBalance', [address])).toMatchObject({ value: 10_000_000_000 })
})

test('behavior: the blockchain API answers Solana balances from the same SVM', async () => {
  const { address } = await solanaTestAccount(50)
  stack.solana?.chain.airdrop(address, 2_000_000_000n)
  const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID, chainId: SOLANA_LOCALNET })
  const response = await fetch(`${stack.urls.blockchainApi}/v1/account/${address}/balance?${query}`)
  const { balances } = (await response.json()) as { balances: { quantity: { numeric: string } }[] }
  expect(balances.map((b) => b.quantity.numeric)).toEqual(['2'])
})

test('behavior: stop() closes the Solana RPC', async () => {
  const other = await startStack({ chains: true })
  const url = other.urls.solanaRpc
  await other.stop()
  await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow()
})
