import { describe, expect, test } from 'vitest'
import {
  counterpartyOf,
  directionOf,
  isSpam,
  knownCounterparties,
  looksAlike,
  poisoningOf,
} from '../../../../src/core/history/classify.js'
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
