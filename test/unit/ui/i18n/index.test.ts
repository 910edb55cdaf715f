import { expect, test } from 'vitest'
import { en } from '../../../../src/ui/i18n/en.js'
import { createTranslate } from '../../../../src/ui/i18n/index.js'

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

test('behavior: every English text is a non-empty string', () => {
  for (const [key, value] of Object.entries(en)) {
    expect(typeof value, key).toBe('string')
    expect(value.length, key).toBeGreaterThan(0)
  }
})
