import { expect, test } from 'vitest'
import { emptyAccount } from '../../../../src/core/chain-state.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { addressOfProfile } from '../../../../src/core/send/recipient.js'
import { amountIssueOf, tokensOf } from '../../../../src/core/send/tokens.js'

const SOLANA = resolveNetwork('solana:localnet')

test('default', () => {
  // The blockchain API had no balances; the network's RPC gave the native one.
  const account = { ...emptyAccount('eoa'), address: 'So1', balance: '2.5', balanceSymbol: 'SOL' }
  const [coin] = tokensOf(account, SOLANA)
  expect(coin).toEqual({
    id: 'native',
    symbol: 'SOL',
    name: 'Solana',
    decimals: 9,
    balance: '2.5',
    price: 0,
    iconUrl: undefined,
  })
  expect(tokensOf({ ...account, address: undefined }, SOLANA)).toEqual([])
})

test('behavior: the fee check leaves out what Max already left for the fee', () => {
  const [coin] = tokensOf({ ...emptyAccount('eoa'), address: 'So1', balance: '1' }, SOLANA)
  const base = { token: coin, native: coin, amount: '1', fee: 5000n, feeFree: false }
  expect(amountIssueOf({ ...base, units: 10n ** 9n, maxed: false })).toBe('insufficient-fee')
  expect(amountIssueOf({ ...base, units: 10n ** 9n - 5000n, maxed: true })).toBeUndefined()
  expect(amountIssueOf({ ...base, units: 10n ** 9n, maxed: false, feeFree: true })).toBeUndefined()
  expect(amountIssueOf({ ...base, units: undefined, maxed: false })).toBe('invalid')
  expect(amountIssueOf({ ...base, amount: '', units: undefined, maxed: false })).toBeUndefined()
})

test("behavior: a name gives the address of the network's own coin type (ENSIP-11), and no other", () => {
  const network = resolveNetwork('eip155:10')
  const own = { coinType: (0x80000000 | 10) >>> 0, address: '0xown' }
  const eth = { coinType: 60, address: '0xeth' }
  const other = { coinType: 501, address: 'other' }
  expect(addressOfProfile({ name: 'a', addresses: [eth, own, other] }, network)).toBe('0xown')
  expect(addressOfProfile({ name: 'a', addresses: [other, eth] }, network)).toBeUndefined()
  expect(addressOfProfile({ name: 'a', addresses: [other] }, network)).toBeUndefined()
  expect(addressOfProfile({ name: 'a', addresses: [] }, network)).toBeUndefined()
  // Ethereum mainnet's coin type is SLIP-44's 60.
  expect(addressOfProfile({ name: 'a', addresses: [own, eth] }, resolveNetwork('eip155:1'))).toBe(
    '0xeth',
  )
})
