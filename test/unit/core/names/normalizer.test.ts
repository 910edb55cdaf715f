// @vitest-environment node
import { beforeAll, expect, test, vi } from 'vitest'
import { buildEnsip15Pack } from '../../../../scripts/ensip15-pack.mjs'
import { EnsTablesError, InvalidEnsNameError } from '../../../../src/core/errors/names.js'
import { createNameNormalizer } from '../../../../src/core/names/normalizer.js'

let pack: unknown
beforeAll(async () => {
  pack = JSON.parse((await buildEnsip15Pack()).json)
}, 120_000)

test('default: the pack is loaded once, for the first name outside the simple alphabet', async () => {
  const load = vi.fn(async () => pack)
  const normalize = createNameNormalizer(load)
  expect(await normalize('Dave.Reown.ID')).toBe('dave.reown.id')
  expect(load).not.toHaveBeenCalled()
  expect(await normalize('ZOË.reown.id')).toBe('zoë.reown.id')
  expect(await normalize('🦊Fox.reown.id')).toBe('🦊fox.reown.id')
  expect(load).toHaveBeenCalledTimes(1)
})

test('error: the reason ENSIP-15 gives', async () => {
  const normalize = createNameNormalizer(async () => pack)
  await expect(normalize('аpple.reown.id')).rejects.toMatchObject({
    name: 'InvalidEnsNameError',
    problem: 'mixed-scripts',
  })
  await expect(normalize('ab--c.eth')).rejects.toBeInstanceOf(InvalidEnsNameError)
})

test('error: a pack that fails to load, or does not decode, is EnsTablesError, and is asked again next time', async () => {
  for (const failure of [
    () => Promise.reject(new TypeError('Failed to fetch: integrity mismatch')),
    () => Promise.resolve({ format: 99 }),
  ]) {
    const load = vi.fn<() => Promise<unknown>>(failure)
    const normalize = createNameNormalizer(load)
    await expect(normalize('zoë.eth')).rejects.toBeInstanceOf(EnsTablesError)
    // The simple alphabet does not need it.
    expect(await normalize('zoe.eth')).toBe('zoe.eth')
    load.mockImplementation(async () => pack)
    expect(await normalize('zoë.eth')).toBe('zoë.eth')
    expect(load).toHaveBeenCalledTimes(2)
  }
  const none = createNameNormalizer(undefined)
  await expect(none('zoë.eth')).rejects.toBeInstanceOf(EnsTablesError)
  expect(await none('ZOE.eth')).toBe('zoe.eth')
})
