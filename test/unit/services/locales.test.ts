import { expect, test, vi } from 'vitest'
import { LocalePackError } from '../../../src/core/errors/locale.js'
import { createLocalePackLoader, localesBaseUrl } from '../../../src/services/locales.js'

const MANIFEST = JSON.stringify({ de: 'sha384-de', 'zh-CN': 'sha384-zh' })
const BASE = 'https://cdn.example/walletkit@1.0.0/cdn-dist/locales/'

function setup(
  answer: () => Response | Promise<Response>,
  manifest: () => Response | Promise<Response> = () => new Response(MANIFEST),
) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} })
    return String(input).endsWith('/index.json') ? manifest() : answer()
  })
  const load = createLocalePackLoader({
    baseUrl: BASE,
    tags: ['de', 'zh-CN'],
    manifestIntegrity: 'sha384-manifest',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { load, calls }
}

test('default: the manifest once with the sha384 of the bundle, then the pack with the sha384 it lists', async () => {
  const { load, calls } = setup(() => new Response('["a","b"]'))
  await expect(load('zh-CN')).resolves.toEqual(['a', 'b'])
  await expect(load('de')).resolves.toEqual(['a', 'b'])
  expect(calls.map((c) => [c.url, c.init.integrity])).toEqual([
    [`${BASE}index.json`, 'sha384-manifest'],
    [`${BASE}zh-CN.json`, 'sha384-zh'],
    [`${BASE}de.json`, 'sha384-de'],
  ])
  expect(calls[1]?.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' })
})

test('error: a refused or malformed manifest loads no pack, and is read again next time', async () => {
  for (const manifest of [
    () => Promise.reject(new TypeError('Failed to fetch: integrity mismatch')),
    () => new Response('{"de":"md5-x"}'),
    () => new Response('[]'),
  ]) {
    const { load, calls } = setup(() => new Response('[]'), manifest)
    await expect(load('de')).rejects.toBeInstanceOf(LocalePackError)
    await expect(load('de')).rejects.toBeInstanceOf(LocalePackError)
    expect(calls.every((c) => c.url.endsWith('/index.json'))).toBe(true)
  }
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
