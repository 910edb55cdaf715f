import { expect, test, vi } from 'vitest'
import { LocalePackError } from '../../../src/core/errors/locale.js'
import { createLocalePackLoader, localesBaseUrl } from '../../../src/services/locales.js'

const INTEGRITY = { de: 'sha384-de', 'zh-CN': 'sha384-zh' }

function setup(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} })
    return answer()
  })
  const load = createLocalePackLoader({
    baseUrl: 'https://cdn.example/walletkit@1.0.0/cdn-dist/locales/',
    integrity: INTEGRITY,
    fetch: fetch as typeof globalThis.fetch,
  })
  return { load, calls }
}

test('default: the pack beside the bundle, fetched with its sha384 as integrity', async () => {
  const { load, calls } = setup(() => new Response('["a","b"]'))
  await expect(load('zh-CN')).resolves.toEqual(['a', 'b'])
  expect(calls).toHaveLength(1)
  expect(calls[0]?.url).toBe('https://cdn.example/walletkit@1.0.0/cdn-dist/locales/zh-CN.json')
  expect(calls[0]?.init).toMatchObject({
    integrity: 'sha384-zh',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  })
})

test('error: a tag without a built pack is never requested', async () => {
  const { load, calls } = setup(() => new Response('[]'))
  for (const tag of ['xx', '__proto__', 'constructor', '../de'])
    await expect(load(tag)).rejects.toBeInstanceOf(LocalePackError)
  expect(calls).toEqual([])
})

test('error: a refused integrity, an HTTP error or bad JSON is a LocalePackError', async () => {
  for (const answer of [
    () => Promise.reject(new TypeError('Failed to fetch: integrity mismatch')),
    () => new Response('gone', { status: 404 }),
    () => new Response('not json'),
  ]) {
    const { load } = setup(answer)
    const error = await load('de').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LocalePackError)
    expect((error as LocalePackError).shortMessage).toBe('The language could not be loaded.')
    expect((error as LocalePackError).locale).toBe('de')
  }
})

test('behavior: the packs sit beside the script, or where localesUrl says', () => {
  expect(
    localesBaseUrl(undefined, 'https://cdn.example/npm/walletkit@1.0.0/cdn-dist/walletkit.js'),
  ).toBe('https://cdn.example/npm/walletkit@1.0.0/cdn-dist/locales/')
  expect(localesBaseUrl('https://static.example/wk/locales', 'https://cdn.example/x.js')).toBe(
    'https://static.example/wk/locales/',
  )
  expect(localesBaseUrl('https://static.example/wk/', undefined)).toBe('https://static.example/wk/')
})
