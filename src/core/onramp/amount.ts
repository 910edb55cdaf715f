/**
 * True when decimal string `a` is larger than `b` (both non-negative, any number of decimals):
 * compared as text, so 18-decimal balances lose nothing to floating point.
 */
export function isLarger(a: string, b: string): boolean {
  const [wa = '', fa = ''] = a.split('.')
  const [wb = '', fb = ''] = b.split('.')
  const wholeA = wa.replace(/^0+/, '')
  const wholeB = wb.replace(/^0+/, '')
  if (wholeA.length !== wholeB.length) return wholeA.length > wholeB.length
  if (wholeA !== wholeB) return wholeA > wholeB
  const width = Math.max(fa.length, fb.length)
  return fa.padEnd(width, '0') > fb.padEnd(width, '0')
}

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
