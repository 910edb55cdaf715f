import { expect, test } from 'vitest'
import {
  createPolkadotAdapter,
  isPolkadotAddress,
} from '../../../../src/chains/polkadot/adapter.js'
import { InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { resolveNetwork } from '../../../../src/core/networks.js'

const POLKADOT = resolveNetwork('polkadot:91b171bb158e2d3848fa23a9f1c25182')
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY' // generic substrate prefix 42
const DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' // Polkadot prefix 0

test('default', async () => {
  const adapter = createPolkadotAdapter()
  expect(adapter.namespace).toBe('polkadot')
  expect(adapter.formatAddress(ALICE)).toBe(ALICE)
  expect(POLKADOT.nativeCurrency).toEqual({ name: 'Polkadot', symbol: 'DOT', decimals: 10 })
  expect(await adapter.getTokenBalances(ALICE, POLKADOT)).toEqual([])
  await expect(adapter.getNativeBalance(ALICE, POLKADOT, undefined)).rejects.toThrow(
    'not available',
  )
})

test('args: SS58 account addresses of 47 to 49 base58 characters', () => {
  for (const address of [ALICE, DOT, 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'])
    expect(isPolkadotAddress(address), address).toBe(true)
})

test('error: malformed addresses raise Invalid CAIP Address', () => {
  const adapter = createPolkadotAdapter()
  for (const bad of [
    '',
    ALICE.slice(0, 46),
    `${ALICE}11`,
    `${ALICE.slice(0, -1)}0`,
    '0x70997970C51812dc3A010C7d01b50e79d17dc79C',
    '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', // a Solana address: too short
  ])
    expect(() => adapter.formatAddress(bad), bad).toThrow(InvalidCaipError)
})
