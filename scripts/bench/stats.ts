// The figures' statistics (median, min, max over the samples) and how a figure is printed.
import { median } from '../bench-common'

/** Median, min and max of the samples that measured a figure, and how many did. */
export interface Stats {
  median: number
  min: number
  max: number
  n: number
}

/** Stats of the finite numbers given (null, undefined and NaN are samples without the figure). */
export function stats(values: (number | null | undefined)[]): Stats | null {
  const v = values
    .filter((x): x is number => typeof x === 'number' && Number.isFinite(x))
    .sort((a, b) => a - b)
  const middle = median(v)
  if (middle === null) return null
  return { median: middle, min: v[0] as number, max: v[v.length - 1] as number, n: v.length }
}

/** Bytes as KiB, one decimal. */
export const kib = (b: number) => (b / 1024).toFixed(1)
/** Bytes as MiB, one decimal (the tables say MB, as the peer benchmark does). */
export const mib = (b: number) => (b / 1048576).toFixed(1)
/** A number with this many decimals. */
export const fixed = (digits: number) => (x: number) => x.toFixed(digits)

/** A table cell: `median (min–max)`, or `–` when no sample measured the figure. */
export function cell(s: Stats | null, f: (x: number) => string = fixed(0)): string {
  return s ? `${f(s.median)} (${f(s.min)}–${f(s.max)})` : '–'
}
