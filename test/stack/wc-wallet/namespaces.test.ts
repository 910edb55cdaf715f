// @vitest-environment node
import { expect, test } from 'vitest'
import { buildNamespaces, type SupportedNamespace } from './namespaces'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const supported: Record<string, SupportedNamespace> = {
  eip155: {
    chains: ['eip155:31337', 'eip155:31338'],
    accounts: [`eip155:31337:${A}`, `eip155:31338:${A}`],
    methods: ['personal_sign'],
    events: ['chainChanged'],
  },
  solana: {
    chains: ['solana:dev'],
    accounts: ['solana:dev:Sol1'],
    methods: ['solana_signMessage'],
    events: [],
  },
}
const propose = (chains: string[]) => ({ chains, methods: ['eth_sign'], events: [] })

test('default', () => {
  expect(buildNamespaces({}, { eip155: propose(['eip155:31337', 'eip155:1']) }, supported)).toEqual(
    {
      eip155: {
        chains: ['eip155:31337'],
        accounts: [`eip155:31337:${A}`],
        methods: ['personal_sign'],
        events: ['chainChanged'],
      },
    },
  )
})

test('behavior: chain-keyed and namespace-keyed proposals merge into one namespace', () => {
  const approved = buildNamespaces(
    { 'eip155:31338': { methods: [], events: [] } },
    { eip155: propose(['eip155:31337']), solana: propose(['solana:dev']) },
    supported,
  )
  expect(approved.eip155?.chains.sort()).toEqual(['eip155:31337', 'eip155:31338'])
  expect(approved.eip155?.accounts).toHaveLength(2)
  expect(approved.solana?.accounts).toEqual(['solana:dev:Sol1'])
})

test('error: an unsupported required chain, or nothing supported at all, throws', () => {
  expect(() => buildNamespaces({ eip155: propose(['eip155:1']) }, {}, supported)).toThrow(
    'Unsupported required chain: eip155:1',
  )
  expect(() => buildNamespaces({}, { cosmos: propose(['cosmos:hub']) }, supported)).toThrow(
    'No proposed chain is supported',
  )
})
