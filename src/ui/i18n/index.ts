import { en, type MessageKey, type Messages } from './en.js'

/** Locales bundled with the kit; a missing key fails to compile, a missing locale falls back to English. */
const LOCALES: Readonly<Record<string, Messages>> = { en }

/** Values substituted into `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>

/** A bound translate function. */
export type Translate = (key: MessageKey, values?: MessageValues) => string

/**
 * Returns `t()` for a locale: looks the key up (falling back to English) and fills placeholders.
 *
 * @example
 * createTranslate('en')('connecting.getWallet', { name: 'Devnet Wallet' }) // 'Get Devnet Wallet'
 */
export function createTranslate(locale: string): Translate {
  const messages = LOCALES[locale] ?? LOCALES[locale.split('-')[0] ?? ''] ?? en
  return (key, values) => {
    const template: string = messages[key] ?? en[key] ?? key
    if (!values) return template
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : match,
    )
  }
}

export type { MessageKey, Messages }
