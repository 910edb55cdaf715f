import { expect, test, vi } from 'vitest'
import { EnsTablesError } from '../../../src/core/errors/names.js'
import { createEnsip15Loader, dataPackUrl } from '../../../src/services/packs.js'

const URL_ = 'https://cdn.example/walletkit@1.0.0/cdn-dist/ens/ensip15.json'

test('default: the ENSIP-15 pack with the sha384 of the bundle, no credentials, no referrer', async () => {
  const fetch = vi.fn(async () => new Response('{"format":1}'))
  const load = createEnsip15Loader({
    url: URL_,
    integrity: 'sha384-ens',
    fetch: fetch as unknown as typeof globalThis.fetch,
  })
  await expect(load()).resolves.toEqual({ format: 1 })
  expect(fetch).toHaveBeenCalledWith(
    URL_,
    expect.objectContaining({
      integrity: 'sha384-ens',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    }),
  )
})

test('error: a refused integrity, an HTTP error or bad JSON is an EnsTablesError', async () => {
  for (const answer of [
    () => Promise.reject(new TypeError('Failed to fetch: integrity mismatch')),
    () => Promise.resolve(new Response('nope', { status: 404 })),
    () => Promise.resolve(new Response('{not json')),
  ]) {
    const load = createEnsip15Loader({
      url: URL_,
      integrity: 'sha384-ens',
      fetch: vi.fn(answer) as unknown as typeof globalThis.fetch,
    })
    const error = await load().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EnsTablesError)
    expect((error as EnsTablesError).shortMessage).toBe(
      'Names with these characters cannot be checked right now.',
    )
  }
})

test('behavior: the pack sits beside the script, or beside the folder localesUrl names', () => {
  const script = 'https://cdn.example/walletkit@1.0.0/cdn-dist/walletkit.js'
  expect(dataPackUrl('ens/ensip15.json', undefined, script)).toBe(URL_)
  for (const locales of ['https://static.example/wk/locales/', 'https://static.example/wk/locales'])
    expect(dataPackUrl('ens/ensip15.json', locales, script)).toBe(
      'https://static.example/wk/ens/ensip15.json',
    )
})
