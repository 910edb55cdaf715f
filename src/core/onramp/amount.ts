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
