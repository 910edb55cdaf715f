import { expect, test } from 'vitest'
import { InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { NAMESPACES } from '../../../../src/core/types/caip.js'
import {
  isNamespace,
  isValidAddress,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../../src/core/utils/caip.js'

const EVM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

test('default', () => {
  expect(parseCaipNetworkId('eip155:1')).toEqual({
    namespace: 'eip155',
    reference: '1',
    caipNetworkId: 'eip155:1',
  })
  expect(parseCaipAddress(`eip155:8453:${EVM}`)).toEqual({
    namespace: 'eip155',
    reference: '8453',
    address: EVM,
    caipNetworkId: 'eip155:8453',
    caipAddress: `eip155:8453:${EVM}`,
  })
})

test('args: the namespace list is eip155, solana, polkadot and bip122', () => {
  expect(NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122'])
  for (const ns of NAMESPACES) expect(isNamespace(ns)).toBe(true)
  for (const ns of ['cosmos', 'EIP155', '', 'eip155 ', 'toString', '__proto__', 1, null, undefined])
    expect(isNamespace(ns), String(ns)).toBe(false)
})

test('behavior: a network id of each namespace parses', () => {
  for (const id of [
    'eip155:1',
    'eip155:31337',
    'eip155:1313161554',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    'bip122:000000000019d6689c085ae165831e93',
  ])
    expect(parseCaipNetworkId(id).caipNetworkId, id).toBe(id)
})

test('behavior: an address of each namespace parses', () => {
  expect(parseCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL}`).address).toBe(SOL)
  expect(
    parseCaipAddress(
      'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ).namespace,
  ).toBe('bip122')
  expect(
    parseCaipAddress(
      'polkadot:91b171bb158e2d3848fa23a9f1c25182:5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
    ).namespace,
  ).toBe('polkadot')
})

test('behavior: eip155 addresses take an optional 0x and 40 hex characters', () => {
  expect(isValidAddress('eip155', EVM)).toBe(true)
  expect(isValidAddress('eip155', EVM.slice(2))).toBe(true)
  expect(isValidAddress('eip155', EVM.toLowerCase())).toBe(true)
  expect(isValidAddress('eip155', `0x${'F'.repeat(40)}`)).toBe(true)
  expect(isValidAddress('eip155', EVM.slice(0, -1))).toBe(false) // 39 hex
  expect(isValidAddress('eip155', `${EVM}0`)).toBe(false) // 41 hex
  expect(isValidAddress('eip155', `0x${'g'.repeat(40)}`)).toBe(false)
  expect(isValidAddress('eip155', `0X${'a'.repeat(40)}`)).toBe(false)
  expect(isValidAddress('eip155', `0x0x${'a'.repeat(38)}`)).toBe(false)
  expect(isValidAddress('eip155', ` ${EVM}`)).toBe(false)
  expect(isValidAddress('eip155', '')).toBe(false)
})

test('behavior: solana addresses take 32 to 44 base58 characters', () => {
  expect(isValidAddress('solana', SOL)).toBe(true)
  expect(isValidAddress('solana', '1'.repeat(32))).toBe(true)
  expect(isValidAddress('solana', 'z'.repeat(44))).toBe(true)
  expect(isValidAddress('solana', '1'.repeat(31))).toBe(false)
  expect(isValidAddress('solana', 'z'.repeat(45))).toBe(false)
  for (const bad of ['0', 'O', 'I', 'l'])
    expect(isValidAddress('solana', `${SOL.slice(0, -1)}${bad}`), bad).toBe(false)
  expect(isValidAddress('solana', `${SOL.slice(0, -1)}+`)).toBe(false)
  expect(isValidAddress('solana', EVM)).toBe(false)
})

test('error: an address needs 3 parts', () => {
  expect(() => parseCaipAddress('eip155:1')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "eip155:1": an address needs 3 parts]
  `)
  expect(() => parseCaipAddress(`eip155:1:${EVM}:x`)).toThrow(InvalidCaipError)
  expect(() => parseCaipAddress(EVM)).toThrow(InvalidCaipError)
})

test('error: a network id needs 2 parts', () => {
  expect(() => parseCaipNetworkId('eip155')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "eip155": a network id needs 2 parts]
  `)
  expect(() => parseCaipNetworkId('eip155:1:2')).toThrow(InvalidCaipError)
  expect(() => parseCaipNetworkId('')).toThrow(InvalidCaipError)
})

test('error: unknown namespaces', () => {
  expect(() => parseCaipNetworkId('cosmos:cosmoshub-4')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "cosmos:cosmoshub-4": unknown namespace "cosmos"]
  `)
  expect(() => parseCaipAddress(`cosmos:cosmoshub-4:${EVM}`)).toThrow('Invalid CAIP Address')
  expect(() => parseCaipNetworkId('EIP155:1')).toThrow(InvalidCaipError)
})

test('error: malformed references', () => {
  expect(() => parseCaipNetworkId('eip155:')).toThrow(InvalidCaipError)
  expect(() => parseCaipNetworkId('eip155:0x1')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "eip155:0x1": an eip155 reference is a decimal chain id]
  `)
  expect(() => parseCaipNetworkId('eip155:01')).toThrow(InvalidCaipError)
  expect(() => parseCaipNetworkId('eip155:0')).toThrow(InvalidCaipError)
  expect(() => parseCaipNetworkId(`solana:${'a'.repeat(33)}`)).toThrow(InvalidCaipError)
  expect(() => parseCaipNetworkId('solana:a b')).toThrow(InvalidCaipError)
})

test('error: invalid addresses', () => {
  expect(() => parseCaipAddress('eip155:1:0x1234')).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "eip155:1:0x1234": not a valid eip155 address]
  `)
  expect(() => parseCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${EVM}`)).toThrow(
    InvalidCaipError,
  )
  expect(() => parseCaipAddress('eip155:1:')).toThrow(InvalidCaipError)
  expect(() => parseCaipAddress('bip122:000000000019d6689c085ae165831e93:a b')).toThrow(
    InvalidCaipError,
  )
})

test('error: values that are not strings', () => {
  expect(() => parseCaipNetworkId(1)).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: 1: not a string]
  `)
  expect(() => parseCaipAddress(null)).toThrow('Invalid CAIP Address')
  expect(() => parseCaipAddress({ toString: () => `eip155:1:${EVM}` })).toThrow(InvalidCaipError)
})
