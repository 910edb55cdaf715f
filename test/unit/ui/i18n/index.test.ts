import { expect, test } from 'vitest'
import { en } from '../../../../src/ui/i18n/en.js'
import { createTranslate, decodePack, directionOf } from '../../../../src/ui/i18n/index.js'

test('default', () => {
  const t = createTranslate('en')
  expect(t('modal.label')).toBe(en['modal.label'])
  expect(t('button.connect')).toBe('Connect Wallet')
})

test('args: placeholders are filled from the values', () => {
  const t = createTranslate('en')
  expect(t('connecting.getWallet', { name: 'Devnet Wallet' })).toBe('Get Devnet Wallet')
  expect(t('connect.walletCount', { count: 430 })).toBe('430+')
  expect(t('connect.legal', { terms: 'Terms', privacy: 'Privacy' })).toBe(
    'By connecting your wallet, you agree to our Terms and Privacy.',
  )
})

test('behavior: a placeholder without a value stays as written', () => {
  const t = createTranslate('en')
  expect(t('connect.legal', { terms: 'Terms' })).toBe(
    'By connecting your wallet, you agree to our Terms and {privacy}.',
  )
  expect(t('connecting.getWallet')).toBe('Get {name}')
})

test('behavior: values are inserted as text, once, without re-expansion', () => {
  const t = createTranslate('en')
  expect(t('connecting.getWallet', { name: '{name} <b>$&</b>' })).toBe('Get {name} <b>$&</b>')
})

test('behavior: inherited names are not values', () => {
  const t = createTranslate('en')
  const values = Object.create({ name: 'inherited' }) as Record<string, string>
  expect(t('connecting.getWallet', values)).toBe('Get {name}')
})

test('behavior: an unknown locale falls back to English', () => {
  for (const locale of ['xx', 'de-DE', 'en-GB', '', '__proto__', 'constructor', 'toString'])
    expect(createTranslate(locale)('button.connect'), locale).toBe('Connect Wallet')
})

test('behavior: every English text is a non-empty string, or plural forms with other', () => {
  for (const [key, value] of Object.entries(en)) {
    const forms: unknown[] = typeof value === 'string' ? [value] : Object.values(value)
    if (typeof value !== 'string') expect(value, key).toHaveProperty('other')
    for (const form of forms) {
      expect(typeof form, key).toBe('string')
      expect(String(form).length, key).toBeGreaterThan(0)
    }
  }
})

test('behavior: plural forms follow Intl.PluralRules of the locale; numbers its digits', () => {
  const en1 = createTranslate('en')
  expect(en1('allWallets.results', { count: 1 })).toBe('1 wallet')
  expect(en1('allWallets.results', { count: 1234 })).toBe('1,234 wallets')
  const messages = {
    ...en,
    'allWallets.results': { one: 'X {count}', few: 'F {count}', other: 'O {count}' },
  }
  const pl = createTranslate('pl', messages)
  expect(pl('allWallets.results', { count: 1 })).toBe('X 1')
  expect(pl('allWallets.results', { count: 3 })).toBe('F 3')
  expect(pl('allWallets.results', { count: 5 })).toBe('O 5')
  expect(pl('allWallets.results', { count: 12345 })).toBe(
    `O ${new Intl.NumberFormat('pl').format(12345)}`,
  )
  const ar = createTranslate('ar', { ...en, 'connect.walletCount': '{count}+' })
  expect(ar('connect.walletCount', { count: 430 })).toBe(
    `${new Intl.NumberFormat('ar').format(430)}+`,
  )
})

test('behavior: English integers are grouped as Intl.NumberFormat does, without making one', () => {
  const Real = Intl.NumberFormat
  const reference = new Real('en')
  let made = 0
  Intl.NumberFormat = class extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args)
      made++
    }
  } as typeof Real
  try {
    const t = createTranslate('en')
    for (const count of [0, 1, 12, 999, 1000, 12345, 123456, 1234567, -1000, -999, 2 ** 53 - 1]) {
      expect(t('connect.walletCount', { count })).toBe(`${reference.format(count)}+`)
    }
    expect(made).toBe(0)
    // Anything else is Intl's.
    expect(t('connect.walletCount', { count: 1234.5 })).toBe(`${reference.format(1234.5)}+`)
    expect(t('connect.walletCount', { count: -0 })).toBe(`${reference.format(-0)}+`)
    expect(made).toBe(1)
  } finally {
    Intl.NumberFormat = Real
  }
})

test("behavior: a pack decodes in English key order; another build's pack is refused", () => {
  const values = Object.values(en)
  const messages = decodePack(values)
  expect(messages['modal.close']).toBe(en['modal.close'])
  expect(() => decodePack(values.slice(1))).toThrow(TypeError)
  expect(() => decodePack({})).toThrow(TypeError)
  expect(() => decodePack(values.map((v) => (typeof v === 'string' ? 1 : v)))).toThrow(TypeError)
  expect(() => decodePack(values.map((v) => (typeof v === 'string' ? v : 'flat')))).toThrow(
    TypeError,
  )
})

test('behavior: Arabic and Hebrew are right to left, along their subtags', () => {
  for (const tag of ['ar', 'ar-EG', 'he', 'he-IL', 'fa']) expect(directionOf(tag), tag).toBe('rtl')
  for (const tag of ['en', 'de', 'ja', 'zh-CN', 'hr', 'art'])
    expect(directionOf(tag), tag).toBe('ltr')
})
