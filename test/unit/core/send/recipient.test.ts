import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { checkEip155Address } from '../../../../src/chains/eip155/adapter.js'
import { EnsTablesError, InvalidEnsNameError } from '../../../../src/core/errors/names.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { createRecipientField, isName } from '../../../../src/core/send/recipient.js'
import type { NameProfile } from '../../../../src/core/types/services.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const LOCAL = resolveNetwork({
  caipNetworkId: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
})
const LOCAL_COIN_TYPE = (0x80000000 | 31337) >>> 0
const profileOf = (name: string, coinType = LOCAL_COIN_TYPE): NameProfile => ({
  name,
  addresses: [{ coinType, address: BOB.toLowerCase() }],
})

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup(
  options: {
    profiles?: NameProfile[]
    normalize?: ((name: string) => Promise<string>) | undefined
  } = {},
) {
  const lookup = vi.fn(async (name: string) => options.profiles?.find((p) => p.name === name))
  const normalize = 'normalize' in options ? options.normalize : vi.fn(async (n: string) => n)
  const field = createRecipientField({
    check: checkEip155Address,
    lookup: () => lookup,
    network: () => LOCAL,
    normalize,
    debounceMs: 500,
  })
  return { field, lookup, normalize }
}

test('default: a name outside a–z, 0–9 and hyphen is normalised after the pause, then looked up as normalised', async () => {
  const normalize = vi.fn(async () => 'zoë.reown.id')
  const { field, lookup } = setup({ normalize, profiles: [profileOf('zoë.reown.id')] })
  field.set(' ZOË.reown.id ')
  // Until the tables answer, the name as typed.
  expect(field.recipient.value).toEqual({ status: 'resolving', name: 'ZOË.reown.id' })
  await vi.advanceTimersByTimeAsync(499)
  expect(normalize).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(normalize).toHaveBeenCalledWith('ZOË.reown.id')
  expect(lookup).toHaveBeenCalledWith('zoë.reown.id', expect.any(AbortSignal))
  expect(field.recipient.value).toEqual({ status: 'resolved', name: 'zoë.reown.id', address: BOB })
})

describe('the simple alphabet', () => {
  test('behavior: folded at once and looked up without the pack', async () => {
    const { field, lookup, normalize } = setup({ profiles: [profileOf('dave.reown.id')] })
    field.set('DAVE.REOWN.ID')
    expect(field.recipient.value).toEqual({ status: 'resolving', name: 'dave.reown.id' })
    await vi.advanceTimersByTimeAsync(500)
    expect(normalize).not.toHaveBeenCalled()
    expect(lookup).toHaveBeenCalledWith('dave.reown.id', expect.any(AbortSignal))
    expect(field.recipient.value).toMatchObject({ status: 'resolved', address: BOB })
  })

  test('error: ENSIP-15 refusals of the alphabet are told at once, with no lookup', async () => {
    const { field, lookup } = setup()
    field.set('ab--cd.eth')
    expect(field.recipient.value).toEqual({
      status: 'invalid',
      issue: 'invalid-name',
      problem: 'hyphens',
      subject: 'ab--',
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(lookup).not.toHaveBeenCalled()
  })

  test('behavior: what reads as a name', () => {
    for (const name of ['a.eth', 'zoë.reown.id', '🦊.eth', 'a b.eth', 'x.y.z'])
      expect(isName(name), name).toBe(true)
    for (const text of ['alice', '.eth', 'alice.', '0xAbCd...1234', 'a..eth'])
      expect(isName(text), text).toBe(false)
  })
})

describe('what a lookup answer counts for', () => {
  test("error: a record without the network's own coin type is an unknown name", async () => {
    // Mainnet's 60 and another chain's: neither is this network's.
    for (const coinType of [60, (0x80000000 | 10) >>> 0]) {
      const { field } = setup({ profiles: [profileOf('dave.reown.id', coinType)] })
      field.set('dave.reown.id')
      await vi.advanceTimersByTimeAsync(500)
      expect(field.recipient.value).toEqual({ status: 'invalid', issue: 'unknown-name' })
    }
  })

  test('error: the service answering for another name than the one asked', async () => {
    const lookup = vi.fn(async () => profileOf('bob.wk.eth'))
    const field = createRecipientField({
      check: checkEip155Address,
      lookup: () => lookup,
      network: () => LOCAL,
      debounceMs: 500,
    })
    field.set('alice.wk.eth')
    await vi.advanceTimersByTimeAsync(500)
    expect(field.recipient.value).toEqual({ status: 'invalid', issue: 'unknown-name' })
  })
})

describe('refusals', () => {
  test('error: ENSIP-15 refuses the name: its reason, and no lookup', async () => {
    const { field, lookup } = setup({
      normalize: async () => {
        throw new InvalidEnsNameError({ problem: 'mixed-scripts', subject: 'Cyrillic + Latin' })
      },
    })
    field.set('аpple.reown.id')
    await vi.advanceTimersByTimeAsync(500)
    expect(field.recipient.value).toEqual({
      status: 'invalid',
      issue: 'invalid-name',
      problem: 'mixed-scripts',
      subject: 'Cyrillic + Latin',
    })
    expect(lookup).not.toHaveBeenCalled()
  })

  test('error: the pack cannot be had (or the kit has none): names of that kind are unavailable', async () => {
    for (const normalize of [
      async () => {
        throw new EnsTablesError()
      },
      undefined,
    ]) {
      const { field, lookup } = setup({ normalize })
      field.set('zoë.reown.id')
      await vi.advanceTimersByTimeAsync(500)
      expect(field.recipient.value).toEqual({ status: 'invalid', issue: 'names-unavailable' })
      expect(lookup).not.toHaveBeenCalled()
      // Simple names and addresses still work.
      field.set(BOB)
      expect(field.recipient.value).toEqual({ status: 'address', address: BOB })
    }
  })

  test('behavior: typing on while the pack loads drops its answer', async () => {
    let finish: (name: string) => void = () => {}
    const normalize = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const { field, lookup } = setup({ normalize })
    field.set('zoë.reown.id')
    await vi.advanceTimersByTimeAsync(500)
    field.set(BOB)
    finish('zoë.reown.id')
    await vi.advanceTimersByTimeAsync(0)
    expect(lookup).not.toHaveBeenCalled()
    expect(field.recipient.value).toEqual({ status: 'address', address: BOB })
  })
})
