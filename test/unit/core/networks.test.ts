import { expect, test } from 'vitest'
import { resolveNetwork } from '../../../src/core/networks.js'

test('default', () => {
  expect(resolveNetwork('eip155:8453')).toMatchInlineSnapshot(`
    {
      "caipNetworkId": "eip155:8453",
      "explorerUrl": "https://basescan.org",
      "name": "Base",
      "namespace": "eip155",
      "nativeCurrency": {
        "decimals": 18,
        "name": "Ether",
        "symbol": "ETH",
      },
      "reference": "8453",
    }
  `)
})

test('args: a network object keeps its own fields', () => {
  const currency = { name: 'Test', symbol: 'TST', decimals: 6 }
  const network = resolveNetwork({
    caipNetworkId: 'eip155:31337',
    name: 'Local',
    nativeCurrency: currency,
    rpcUrl: 'http://127.0.0.1:8545',
    explorerUrl: 'https://explorer.example',
  })
  expect(network).toEqual({
    caipNetworkId: 'eip155:31337',
    namespace: 'eip155',
    reference: '31337',
    name: 'Local',
    nativeCurrency: currency,
    rpcUrl: 'http://127.0.0.1:8545',
    explorerUrl: 'https://explorer.example',
  })
  expect(network.nativeCurrency).not.toBe(currency)
})

test('behavior: an unknown id gets its namespace’s currency and the id as its name', () => {
  expect(resolveNetwork('eip155:999')).toMatchObject({
    name: 'eip155:999',
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
  })
  expect(resolveNetwork('polkadot:91b171bb158e2d3848fa23a9f1c25182').nativeCurrency).toEqual({
    name: 'Polkadot',
    symbol: 'DOT',
    decimals: 10,
  })
  expect(resolveNetwork('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1').nativeCurrency.symbol).toBe(
    'SOL',
  )
})

test('error: a malformed id is Invalid CAIP Address', () => {
  expect(() => resolveNetwork('eip155:abc')).toThrow('Invalid CAIP Address')
  expect(() =>
    resolveNetwork({
      caipNetworkId: 'foo:1' as never,
      name: 'x',
      nativeCurrency: { name: 'x', symbol: 'x', decimals: 1 },
      rpcUrl: 'https://rpc.example',
    }),
  ).toThrow('Invalid CAIP Address')
})
