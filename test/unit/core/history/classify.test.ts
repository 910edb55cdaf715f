import { describe, expect, test } from 'vitest'
import {
  counterpartyOf,
  directionOf,
  isSpam,
  knownCounterparties,
  looksAlike,
  poisoningOf,
} from '../../../../src/core/history/classify.js'
import { isCanonical, tokenBook } from '../../../../src/core/history/tokens.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { FRIEND, item, LOOKALIKE, ME, transfer } from './items.js'

test('default', () => {
  const sent = item()
  expect(directionOf(sent)).toBe('sent')
  expect(isSpam(sent)).toBe(false)
  expect(poisoningOf(sent, ME, knownCounterparties([sent], ME))).toBeNull()
  expect(counterpartyOf(sent, ME)).toBe(FRIEND)
})

describe('directionOf', () => {
  test('args: the operation types the kit names', () => {
    const of = (operationType: string) => directionOf(item({ operationType }))
    expect(['send', 'receive', 'trade', 'approve', 'mint', 'burn', 'deploy'].map(of)).toEqual([
      'sent',
      'received',
      'swapped',
      'approved',
      'minted',
      'burned',
      'deployed',
    ])
  })

  test('behavior: another type is read from the transfers', () => {
    const out = transfer()
    const into = transfer({ direction: 'in' })
    expect(directionOf(item({ operationType: 'execute', transfers: [out] }))).toBe('sent')
    expect(directionOf(item({ operationType: 'claim', transfers: [into] }))).toBe('received')
    expect(directionOf(item({ operationType: 'x', transfers: [out, into] }))).toBe('swapped')
    expect(directionOf(item({ operationType: 'execute', transfers: [] }))).toBe('executed')
    // An inherited name is not an operation type.
    expect(directionOf(item({ operationType: 'constructor', transfers: [] }))).toBe('executed')
    expect(directionOf(item({ operationType: '__proto__', transfers: [into] }))).toBe('received')
  })
})

describe('isSpam', () => {
  test('behavior: spam only when every transfer is flagged; no transfers is not spam', () => {
    expect(isSpam(item({ transfers: [transfer({ spam: true })] }))).toBe(true)
    expect(isSpam(item({ transfers: [transfer({ spam: true }), transfer()] }))).toBe(false)
    expect(isSpam(item({ operationType: 'approve', transfers: [] }))).toBe(false)
  })
})

describe('poisoning', () => {
  test('args: looksAlike compares the first and last 4 hex characters, ignoring case', () => {
    expect(looksAlike(LOOKALIKE, FRIEND)).toBe(true)
    expect(looksAlike(LOOKALIKE.toUpperCase().replace('0X', '0x'), FRIEND.toLowerCase())).toBe(true)
    expect(looksAlike(FRIEND.toLowerCase(), FRIEND)).toBe(false)
    expect(looksAlike('0x7099bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb79c9', FRIEND)).toBe(false)
    expect(looksAlike('0x7098bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb79c8', FRIEND)).toBe(false)
    // base58 (Solana): same rule, case kept.
    expect(
      looksAlike('AbCdxxxxxxxxxxxxxxxxxxxxxxxxxxxxWxYz', 'AbCdyyyyyyyyyyyyyyyyyyyyyyyyyyyyWxYz'),
    ).toBe(true)
    expect(
      looksAlike('abcdxxxxxxxxxxxxxxxxxxxxxxxxxxxxWxYz', 'AbCdyyyyyyyyyyyyyyyyyyyyyyyyyyyyWxYz'),
    ).toBe(false)
  })

  test('behavior: a zero-value transfer is flagged, whoever it names', () => {
    const zero = item({
      sentFrom: '0x00000000000000000000000000000000000000a1',
      transfers: [transfer({ amount: '0', recipient: LOOKALIKE })],
    })
    expect(poisoningOf(zero, ME, new Set())).toBe('zero-value')
    expect(poisoningOf(item({ transfers: [transfer({ amount: '0.000' })] }), ME, new Set())).toBe(
      'zero-value',
    )
  })

  test('behavior: dust from a look-alike of a real counterparty is flagged; from the real one it is not', () => {
    const real = item()
    const known = knownCounterparties([real], ME)
    expect(known).toEqual(new Set([FRIEND.toLowerCase()]))
    const dust = item({
      operationType: 'receive',
      sentFrom: LOOKALIKE,
      sentTo: ME,
      transfers: [transfer({ direction: 'in', amount: '0.01', sender: LOOKALIKE, recipient: ME })],
    })
    expect(poisoningOf(dust, ME, known)).toBe('look-alike')
    const fromFriend = item({
      operationType: 'receive',
      sentFrom: FRIEND,
      sentTo: ME,
      transfers: [transfer({ direction: 'in', sender: FRIEND, recipient: ME })],
    })
    expect(poisoningOf(fromFriend, ME, known)).toBeNull()
    // Without the real transfer, a look-alike of nobody is just an address.
    expect(poisoningOf(dust, ME, new Set())).toBeNull()
  })

  test('behavior: only transfers the account signed make a counterparty real', () => {
    // The poisoner's zero-value transferFrom makes the look-alike a recipient of "our" transfer,
    // but the account did not sign it.
    const planted = item({
      sentFrom: '0x00000000000000000000000000000000000000a1',
      transfers: [transfer({ amount: '0', recipient: LOOKALIKE })],
    })
    const spam = item({ transfers: [transfer({ spam: true, recipient: LOOKALIKE })] })
    const failed = item({ status: 'failed', transfers: [transfer({ recipient: LOOKALIKE })] })
    const zeroSelf = item({ transfers: [transfer({ amount: '0', recipient: LOOKALIKE })] })
    expect(knownCounterparties([planted, spam, failed, zeroSelf], ME)).toEqual(new Set())
    expect(knownCounterparties([], ME, [FRIEND])).toEqual(new Set([FRIEND.toLowerCase()]))
  })

  test('behavior: counterpartyOf names the full address of the other side', () => {
    const dust = item({
      sentFrom: LOOKALIKE,
      transfers: [transfer({ direction: 'in', sender: LOOKALIKE, recipient: ME })],
    })
    expect(counterpartyOf(dust, ME)).toBe(LOOKALIKE)
    expect(
      counterpartyOf(item({ operationType: 'approve', transfers: [], sentTo: FRIEND }), ME),
    ).toBe(FRIEND)
    expect(counterpartyOf(item({ sentFrom: FRIEND, sentTo: ME, transfers: [] }), ME)).toBe(FRIEND)
  })
})

describe('smart accounts and imitations (SECURITY 25)', () => {
  const network = resolveNetwork('eip155:1')
  const book = tokenBook(network)
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const FAKE_USDC = '0xA0b86991c6218b37ffffffffffffffffffffffff'
  const BUNDLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const real = (overrides = {}) => transfer({ contract: USDC, ...overrides })

  test('behavior: a smart account knows what it sent though a bundler or an owner sent the transaction', () => {
    // An ERC-4337 account (or a Safe): the bundler (or owner) signs, the account's USDC moves.
    const executed = item({ sentFrom: BUNDLER, sentTo: BUNDLER, transfers: [real()] })
    const known = knownCounterparties([executed], ME, [], book)
    expect(known.has(FRIEND.toLowerCase())).toBe(true)
    const dust = item({
      sentFrom: LOOKALIKE,
      sentTo: ME,
      transfers: [real({ direction: 'in', sender: LOOKALIKE, recipient: ME, amount: '0.01' })],
    })
    expect(poisoningOf(dust, ME, known, book)).toBe('look-alike')
    // The native currency moved by someone else's transaction counts too.
    const eth = transfer({ symbol: 'ETH', contract: null })
    expect(
      knownCounterparties([item({ sentFrom: BUNDLER, transfers: [eth] })], ME, [], book),
    ).toEqual(new Set([FRIEND.toLowerCase()]))
  })

  test('error: a transfer "from" the account that another contract emitted does not make its recipient known', () => {
    // Any contract can emit Transfer(account, x, n); only the real token moves the account's tokens.
    for (const t of [
      transfer({ symbol: 'USDC', contract: FAKE_USDC }),
      transfer({ symbol: 'ZZZ', contract: '0x00000000000000000000000000000000000000aa' }),
      transfer({ symbol: 'USDC', contract: undefined }),
    ]) {
      const planted = item({ sentFrom: BUNDLER, sentTo: t.contract ?? BUNDLER, transfers: [t] })
      expect(knownCounterparties([planted], ME, [], book).size, t.symbol).toBe(0)
    }
    // Without a token book (no contract known), only what the account signed counts, as before.
    const executed = item({ sentFrom: BUNDLER, transfers: [real()] })
    expect(knownCounterparties([executed], ME).size).toBe(0)
  })

  test('behavior: a well-known symbol from another contract is flagged as an imitation', () => {
    for (const symbol of ['USDC', 'usdc', 'USDС', 'ETH', 'WETH', 'DAI', 'USDT', 'WBTC']) {
      const airdrop = item({
        sentFrom: BUNDLER,
        sentTo: ME,
        transfers: [
          transfer({
            symbol,
            direction: 'in',
            sender: BUNDLER,
            recipient: ME,
            amount: '1000',
            contract: FAKE_USDC,
          }),
        ],
      })
      expect(poisoningOf(airdrop, ME, new Set(), book), symbol).toBe('counterfeit')
    }
    // The real ones, the native currency, a symbol the book does not have, and a contract the
    // service did not name are not.
    for (const t of [
      real({ direction: 'in' }),
      transfer({ symbol: 'ETH', contract: null }),
      transfer({ symbol: 'UNI', contract: FAKE_USDC }),
      transfer({ symbol: 'USDC', contract: undefined }),
    ])
      expect(
        poisoningOf(item({ transfers: [t] }), ME, new Set([FRIEND.toLowerCase()]), book),
        t.symbol,
      ).toBeNull()
    // USDC.e is Optimism's, not Ethereum's.
    expect(
      poisoningOf(
        item({ transfers: [transfer({ contract: '0x7f5c764cbc14f9669b88837ca1490cca17c31607' })] }),
        ME,
        new Set(),
        book,
      ),
    ).toBe('counterfeit')
  })

  test('behavior: a look-alike of the account itself is flagged', () => {
    const mine = '0xf39Fdeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee2266'
    const dust = item({
      sentFrom: mine,
      sentTo: ME,
      transfers: [real({ direction: 'in', sender: mine, recipient: ME, amount: '0.5' })],
    })
    expect(poisoningOf(dust, ME, new Set(), book)).toBe('own-look-alike')
  })

  test("args: the site declares its own network's tokens on the network object", () => {
    const devnet = {
      ...resolveNetwork('eip155:31337'),
      tokens: { USDC: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    }
    const own = tokenBook(devnet)
    expect(isCanonical(own, 'USDC', '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(true)
    expect(isCanonical(own, 'USDC', USDC)).toBe(false)
    expect(isCanonical(own, 'ETH', null)).toBe(true)
    expect(isCanonical(own, 'ETH', USDC)).toBe(false)
    expect(isCanonical(own, 'DAI', USDC)).toBeUndefined()
    expect(isCanonical(tokenBook(undefined), 'USDC', USDC)).toBeUndefined()
  })
})
