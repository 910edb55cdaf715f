// @vitest-environment node
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAccount } from '../chain/index.js'
import { DEMO_PROJECT_ID, type Stack, startStack } from '../index.js'

// startStack wires the names registry and the on-ramp provider into the blockchain API, and serves
// the checkout on an origin of its own.

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ chains: true })
}, 60_000)
afterAll(() => stack?.stop())

const get = (path: string) =>
  fetch(`${stack.urls.blockchainApi}${path}?projectId=${DEMO_PROJECT_ID}&apiVersion=2`)

test('default: the seeded names resolve through the blockchain API, both zones', async () => {
  const dave = (await (await get('/v1/profile/account/dave.reown.id')).json()) as {
    addresses: Record<string, { address: string }>
  }
  expect(dave.addresses['60']?.address).toBe(testAccount(3).address)
  // Under each local chain's coin type too (ENSIP-11), where Send looks.
  expect(dave.addresses[String((0x80000000 | 31337) >>> 0)]?.address).toBe(testAccount(3).address)
  const erin = (await (await get(`/v1/profile/reverse/${testAccount(4).address}`)).json()) as {
    name: string
  }[]
  expect(erin.map((r) => r.name)).toEqual(['erin.wcn.id', 'zoë.reown.id'])
  expect(await (await get(`/v1/profile/reverse/${testAccount(0).address}`)).json()).toEqual([])
})

test('behavior: on-ramp options come from the stack, and the checkout has its own origin', async () => {
  const options = (await (await get('/v1/onramp/options')).json()) as {
    purchaseCurrencies: { symbol: string }[]
  }
  expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'SOL'])
  const origins = [stack.urls.app, stack.urls.blockchainApi, stack.urls.onrampCheckout]
  expect(stack.urls.onrampCheckout).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(new Set(origins).size).toBe(3)
})

test('behavior: stop() closes the checkout', async () => {
  const other = await startStack({ chains: true })
  const url = other.urls.onrampCheckout
  await other.stop()
  await expect(fetch(`${url}/buy/x`)).rejects.toThrow()
})
