import { expect, test, vi } from 'vitest'
import { createLocale } from '../../../src/core/locale.js'
import { matchLocale } from '../../../src/core/locale-match.js'

const AVAILABLE = ['ar', 'de', 'he', 'ja', 'zh-CN', 'zh-TW', 'pt']

test('default: the first candidate spoken, along its subtags; English otherwise', () => {
  expect(matchLocale(['de'], AVAILABLE)).toBe('de')
  expect(matchLocale(['de-CH-1996'], AVAILABLE)).toBe('de')
  expect(matchLocale(['pt_BR'], AVAILABLE)).toBe('pt')
  expect(matchLocale(['xx', 'JA-jp'], AVAILABLE)).toBe('ja')
  expect(matchLocale(['en-GB', 'de'], AVAILABLE)).toBe('en')
  expect(matchLocale(['', null, undefined, 'xx'], AVAILABLE)).toBe('en')
  expect(matchLocale(['__proto__', 'constructor', 'toString'], AVAILABLE)).toBe('en')
})

test('behavior: Chinese by script and region', () => {
  expect(matchLocale(['zh'], AVAILABLE)).toBe('zh-CN')
  expect(matchLocale(['zh-Hans-CN'], AVAILABLE)).toBe('zh-CN')
  expect(matchLocale(['zh-SG'], AVAILABLE)).toBe('zh-CN')
  expect(matchLocale(['zh-Hant'], AVAILABLE)).toBe('zh-TW')
  expect(matchLocale(['zh-HK'], AVAILABLE)).toBe('zh-TW')
  expect(matchLocale(['zh-Hant-TW'], AVAILABLE)).toBe('zh-TW')
  expect(matchLocale(['iw-IL'], AVAILABLE)).toBe('he')
})

function setup(requested?: string, preferences: string[] = ['de-DE']) {
  const load = vi.fn(async (tag: string) => [`pack of ${tag}`])
  const onError = vi.fn()
  const locale = createLocale({
    requested,
    preferences: () => preferences,
    available: AVAILABLE,
    load,
    onError,
  })
  return { locale, load, onError }
}

test('behavior: nothing loads before start (the first open); English never loads', async () => {
  const { locale, load } = setup()
  expect(locale.wanted).toBe('de')
  const { tag, done } = locale.set('ja-JP')
  expect(tag).toBe('ja')
  await done
  expect(load).not.toHaveBeenCalled()
  expect(locale.tag.value).toBe('en')
  await locale.start()
  expect(load.mock.calls).toEqual([['ja']])
  expect(locale.tag.value).toBe('ja')
  expect(locale.pack.value).toEqual(['pack of ja'])
  const english = setup('en-US')
  await english.locale.start()
  await english.locale.set('xx').done
  expect(english.load).not.toHaveBeenCalled()
})

test('behavior: the option wins over the page and the browser', async () => {
  const { locale, load } = setup('he', ['de'])
  await locale.start()
  expect(load.mock.calls).toEqual([['he']])
  expect(locale.tag.value).toBe('he')
})

test('behavior: after start, set() switches; a pack is fetched once; English needs none', async () => {
  const { locale, load } = setup()
  await locale.start()
  await locale.set('ja').done
  await locale.set('de').done
  expect(load.mock.calls).toEqual([['de'], ['ja']])
  await locale.set('en').done
  expect(locale.tag.value).toBe('en')
  expect(locale.pack.value).toBeUndefined()
})

test('error: a failed load keeps the language shown and reports; a later set may retry', async () => {
  const { locale, load, onError } = setup()
  load.mockRejectedValueOnce(new Error('integrity'))
  await locale.start()
  expect(locale.tag.value).toBe('en')
  expect(onError).toHaveBeenCalledTimes(1)
  await locale.set('de').done
  expect(locale.tag.value).toBe('de')
})

test('behavior: the last set() wins when loads finish out of order', async () => {
  let release: (value: string[]) => void = () => undefined
  const { locale, load } = setup()
  load.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
  const first = locale.start()
  await locale.set('ja').done
  release(['late de'])
  await first
  expect(locale.tag.value).toBe('ja')
})
