import { recoverMessageAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { coinTypeOf, registrationMessage } from '../../../../src/core/names/message.js'

test('default: the service payload plus the address, coin type and chain it binds', () => {
  const message = registrationMessage({
    name: 'alice.reown.id',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    chainId: 8453,
    now: 1_717_000_000_999,
  })
  expect(message).toBe(
    '{"name":"alice.reown.id","attributes":{},"timestamp":1717000000,"address":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","coin_type":2147492101,"chain_id":8453}',
  )
  // The service reads the same fields back.
  expect(JSON.parse(message)).toMatchObject({
    name: 'alice.reown.id',
    attributes: {},
    timestamp: 1_717_000_000,
  })
})

test('behavior: the timestamp is Unix seconds of now by default', () => {
  const before = Math.floor(Date.now() / 1000)
  const { timestamp } = JSON.parse(
    registrationMessage({ name: 'a.reown.id', address: '0x1', chainId: 10 }),
  )
  expect(timestamp).toBeGreaterThanOrEqual(before)
  expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
})

test('behavior: a signature of the message recovers to the address it names', async () => {
  const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
  const message = registrationMessage({
    name: 'bob.reown.id',
    address: account.address,
    chainId: 31337,
  })
  const signature = await account.signMessage({ message })
  expect(await recoverMessageAddress({ message, signature })).toBe(JSON.parse(message).address)
})

test('behavior: coin types follow ENSIP-11 (mainnet is 60)', () => {
  expect(coinTypeOf(1)).toBe(60)
  expect(coinTypeOf(10)).toBe(2147483658)
  expect(coinTypeOf(8453)).toBe(0x80002105)
  expect(coinTypeOf(31337)).toBe(2147514985)
  expect(coinTypeOf(0x7fffffff)).toBe(0xffffffff)
})

test('error: chain ids without a coin type throw', () => {
  for (const bad of [0, -1, 0x80000000, 1.5, Number.NaN])
    expect(() => coinTypeOf(bad)).toThrow(RangeError)
})
