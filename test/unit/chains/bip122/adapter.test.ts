import { expect, test } from 'vitest'
import { createBip122Adapter, isBitcoinAddress } from '../../../../src/chains/bip122/adapter.js'
import { InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { resolveNetwork } from '../../../../src/core/networks.js'

const BITCOIN = resolveNetwork('bip122:000000000019d6689c085ae165831e93')
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'

test('default', async () => {
  const adapter = createBip122Adapter()
  expect(adapter.namespace).toBe('bip122')
  expect(adapter.formatAddress(SEGWIT)).toBe(SEGWIT)
  // No balances for bip122 (SPEC §9): an empty list, and no native balance.
  expect(await adapter.getTokenBalances(SEGWIT, BITCOIN)).toEqual([])
  await expect(adapter.getNativeBalance(SEGWIT, BITCOIN, undefined)).rejects.toThrow(
    'not available',
  )
})

test('args: legacy base58 and bech32 / bech32m addresses of mainnet, testnet and regtest', () => {
  for (const address of [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    SEGWIT,
    SEGWIT.toUpperCase(),
    TAPROOT,
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  ])
    expect(isBitcoinAddress(address), address).toBe(true)
})

test('behavior: bech32 addresses are kept in lower case, base58 ones as given', () => {
  const adapter = createBip122Adapter()
  expect(adapter.formatAddress(SEGWIT.toUpperCase())).toBe(SEGWIT)
  expect(adapter.formatAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  )
})

test('error: malformed addresses raise Invalid CAIP Address', () => {
  const adapter = createBip122Adapter()
  for (const bad of [
    '',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', // 0 is not base58
    '4J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // no such version character
    '1abc',
    'bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // mixed case
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', // b is not a bech32 character
    'ltc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  ])
    expect(() => adapter.formatAddress(bad), bad).toThrow(InvalidCaipError)
})
