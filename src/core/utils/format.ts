/**
 * A decimal amount for display: at most `maxDecimals` decimals (cut, never rounded up, so a
 * balance is never shown larger than it is), trailing zeros removed, thousands grouped, in the
 * separators and digits of `locale` (the string is never turned into a float).
 */
export function formatAmount(numeric: string | undefined, maxDecimals = 4, locale = 'en'): string {
  const { group, decimal, digit } = numberSymbols(locale)
  const local = (text: string) => text.replace(/\d/g, (d) => digit[Number(d)] ?? d)
  if (!numeric || !/^\d+(\.\d+)?$/.test(numeric)) return local('0')
  const [whole = '0', fraction = ''] = numeric.split('.')
  const cut = fraction.slice(0, maxDecimals).replace(/0+$/, '')
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u0000')
  if (!cut && maxDecimals > 0 && /[1-9]/.test(fraction) && whole === '0')
    return `<${local(`0${decimal}${'0'.repeat(maxDecimals - 1)}1`)}`
  const text = local(grouped).replaceAll('\u0000', group)
  return cut ? `${text}${decimal}${local(cut)}` : text
}

/** A USD value for display in `locale`, e.g. `$1,234.56` in English, `1.234,56 $` in German. */
export function formatUsd(value: number, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })
  return format.format(!Number.isFinite(value) || value < 0 ? 0 : value)
}

const symbols = new Map<string, { group: string; decimal: string; digit: string[] }>()

/** The grouping and decimal separators and the ten digits of a locale's numbers. */
function numberSymbols(locale: string): { group: string; decimal: string; digit: string[] } {
  let found = symbols.get(locale)
  if (!found) {
    const format = new Intl.NumberFormat(locale)
    const parts = format.formatToParts(12345.6)
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      digit: Array.from({ length: 10 }, (_, d) => format.format(d)),
    }
    symbols.set(locale, found)
  }
  return found
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** An `Intl.DateTimeFormat`, made once per locale and options: making one costs milliseconds. */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}
