import { en, type MessageKey, type Messages, type Plural } from './en.js'

/** Values substituted into `{name}` placeholders; numbers are written in the locale's digits. */
export type MessageValues = Readonly<Record<string, string | number>>

/** A bound translate function. */
export type Translate = (key: MessageKey, values?: MessageValues) => string

/** English's keys in the order of `en.ts`: a locale pack lists its texts in this order. */
const KEYS = Object.keys(en) as MessageKey[]

/**
 * Returns `t()` for a locale: looks the key up in `messages` (English when absent), picks the
 * plural form for `values.count` with `Intl.PluralRules`, and fills placeholders, numbers
 * formatted with `Intl.NumberFormat` of the locale (English integers grouped without it, the same
 * text).
 *
 * @example
 * createTranslate('en')('connecting.getWallet', { name: 'Devnet Wallet' }) // 'Get Devnet Wallet'
 */
export function createTranslate(locale: string, messages?: Messages): Translate {
  const tag = messages ? locale : 'en'
  const source: Messages = messages ?? en
  let plurals: Intl.PluralRules | undefined
  let numbers: Intl.NumberFormat | undefined
  return (key, values) => {
    const entry: string | Plural = (Object.hasOwn(source, key) ? source[key] : en[key]) ?? key
    let template: string
    if (typeof entry === 'string') template = entry
    else {
      const count = Number(values?.count)
      plurals ??= new Intl.PluralRules(tag)
      template = entry[plurals.select(count)] ?? entry.other
    }
    if (!values) return template
    return template.replace(/\{(\w+)\}/g, (match, name: string) => {
      if (!Object.hasOwn(values, name)) return match
      const value = values[name]
      if (typeof value !== 'number') return String(value)
      // English integers (the counts) are grouped here: a page's first Intl.NumberFormat sets up
      // the engine's number formatting, a long task of its own on a slow CPU (tens of ms at 4×).
      if (tag === 'en' && Number.isSafeInteger(value) && !Object.is(value, -0))
        return String(value).replace(/\B(?=(\d{3})+$)/g, ',')
      numbers ??= new Intl.NumberFormat(tag)
      return numbers.format(value)
    })
  }
}

/**
 * Reads a locale pack (the JSON array of its texts in English's key order, as the build writes
 * it) into messages.
 *
 * @throws TypeError when the pack does not match this English (another build's pack).
 */
export function decodePack(pack: unknown): Messages {
  if (!Array.isArray(pack) || pack.length !== KEYS.length)
    throw new TypeError('The locale pack does not match this version of WalletKit.')
  const messages: Record<string, string | Plural> = {}
  KEYS.forEach((key, index) => {
    const value: unknown = pack[index]
    const plural = typeof en[key] !== 'string'
    if (plural ? !isPlural(value) : typeof value !== 'string')
      throw new TypeError(`The locale pack's text for ${key} is malformed.`)
    messages[key] = value as string | Plural
  })
  return messages as Messages
}

function isPlural(value: unknown): value is Plural {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((form) => typeof form === 'string') &&
    typeof (value as Plural).other === 'string'
  )
}

/** The writing direction of a locale: right to left for Arabic, Hebrew, Persian and Urdu. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  return /^(ar|he|fa|ur)(-|$)/i.test(locale) ? 'rtl' : 'ltr'
}

export type { MessageKey, Messages, Plural }
