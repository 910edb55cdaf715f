import { beforeAll, expect, test } from 'vitest'
import { buildLocalePacks, localeTags } from '../../../../scripts/locale-packs.mjs'
import { en, type Messages } from '../../../../src/ui/i18n/en.js'
import { createTranslate, decodePack } from '../../../../src/ui/i18n/index.js'

/** Every locale source, by tag (`src/ui/i18n/locales/<tag>.ts`). */
const LOCALES: Record<string, Messages> = {}
beforeAll(async () => {
  for (const tag of localeTags()) {
    const module = (await import(`../../../../src/ui/i18n/locales/${tag}.ts`)) as {
      default: Messages
    }
    LOCALES[tag] = module.default
  }
})

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const formsOf = (value: string | Readonly<Record<string, string | undefined>>): string[] =>
  typeof value === 'string'
    ? [value]
    : Object.values(value).filter((form): form is string => form !== undefined)

test('default: the locales of the issue exist, each a pack the build writes', async () => {
  const tags = Object.keys(LOCALES).sort()
  expect(tags).toEqual(localeTags())
  for (const tag of ['ar', 'de', 'he', 'ja', 'zh-CN']) expect(tags).toContain(tag)
  const packs = await buildLocalePacks()
  expect(packs.map((p) => p.tag)).toEqual(tags)
  for (const pack of packs) {
    expect(pack.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
    const messages = decodePack(JSON.parse(pack.json))
    expect(messages, pack.tag).toEqual(LOCALES[pack.tag])
  }
})

test('behavior: every text keeps the placeholders of English, no more and no fewer', () => {
  for (const [tag, messages] of Object.entries(LOCALES)) {
    expect(Object.keys(messages).sort(), tag).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const source = en[key]
      const target = messages[key]
      if (typeof source === 'string') {
        expect(typeof target, `${tag} ${key}`).toBe('string')
        expect(placeholders(target as string), `${tag} ${key}`).toEqual(placeholders(source))
        continue
      }
      // A plural form may spell its number out ("one wallet"): only {count} may be left out.
      const wanted = placeholders(source.other).filter((name) => name !== 'count')
      expect(target, `${tag} ${key}`).toHaveProperty('other')
      for (const form of formsOf(target)) {
        expect(
          placeholders(form).filter((name) => name !== 'count'),
          `${tag} ${key}: ${form}`,
        ).toEqual(wanted)
        for (const name of placeholders(form))
          expect(placeholders(source.other), `${tag} ${key}`).toContain(name)
      }
    }
  }
})

test('behavior: every text is non-empty, and plural forms are Intl.PluralRules categories', () => {
  const categories = ['zero', 'one', 'two', 'few', 'many', 'other']
  for (const [tag, messages] of Object.entries(LOCALES))
    for (const [key, value] of Object.entries(messages)) {
      for (const form of formsOf(value))
        expect(form.trim().length, `${tag} ${key}`).toBeGreaterThan(0)
      if (typeof value !== 'string') {
        const used = new Intl.PluralRules(tag).resolvedOptions().pluralCategories
        for (const category of Object.keys(value)) {
          expect(categories, `${tag} ${key}`).toContain(category)
          if (category !== 'other') expect(used, `${tag} ${key}: ${category}`).toContain(category)
        }
      }
    }
})

test('behavior: a locale shows its own plural form for each count', () => {
  const ar = createTranslate('ar', LOCALES.ar)
  const arabic = (n: number) => new Intl.NumberFormat('ar').format(n)
  expect(ar('allWallets.results', { count: 2 })).toBe(LOCALES.ar?.['allWallets.results'].two)
  expect(ar('allWallets.results', { count: 3 })).toBe(`${arabic(3)} محافظ`)
  expect(ar('allWallets.results', { count: 11 })).toBe(`${arabic(11)} محفظة`)
  const ja = createTranslate('ja', LOCALES.ja)
  expect(ja('allWallets.results', { count: 1 })).toBe('1 件のウォレット')
})
