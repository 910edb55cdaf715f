/**
 * A decimal amount as typed ('12.5', '0.', '.5' after the key rules) in base units, or undefined
 * when it is not a plain decimal or has more decimals than the token: never rounded, so what is
 * sent is what the visitor typed.
 *
 * @example
 * toUnits('1.5', 6) // 1500000n
 */
export function toUnits(text: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || text === '' || text === '.') return undefined
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (fraction.length > decimals || whole.length > 78) return undefined
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
}
