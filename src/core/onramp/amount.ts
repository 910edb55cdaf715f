/**
 * A fiat amount as typed, cleaned: digits and one decimal separator ('.' or ','), at most two
 * decimals; a leading separator becomes '0.' and a leading 0 gives way to the next digit.
 */
export function cleanFiatAmount(text: string): string {
  let out = ''
  for (const char of text.replace(/,/g, '.')) {
    if (char === '.' && !out.includes('.')) out += out === '' ? '0.' : '.'
    else if (char >= '0' && char <= '9') out = out === '0' ? char : out + char
  }
  const [whole = '', fraction] = out.split('.')
  return fraction === undefined ? whole.slice(0, 9) : `${whole.slice(0, 9)}.${fraction.slice(0, 2)}`
}
