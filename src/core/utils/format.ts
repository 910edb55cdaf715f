/**
 * A decimal amount for display: at most `maxDecimals` decimals (cut, never rounded up, so a
 * balance is never shown larger than it is), trailing zeros removed, thousands grouped.
 */
export function formatAmount(numeric: string | undefined, maxDecimals = 4): string {
  if (!numeric || !/^\d+(\.\d+)?$/.test(numeric)) return '0'
  const [whole = '0', fraction = ''] = numeric.split('.')
  const cut = fraction.slice(0, maxDecimals).replace(/0+$/, '')
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  if (!cut && maxDecimals > 0 && /[1-9]/.test(fraction) && whole === '0')
    return `<0.${'0'.repeat(maxDecimals - 1)}1`
  return cut ? `${grouped}.${cut}` : grouped
}

/** A USD value for display, e.g. `$1,234.56`. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '$0.00'
  return `$${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
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
