import { dateFormat } from '../utils/format.js'
import type { HistoryItem } from './types.js'

/** Items of one calendar month, with the month's title. */
export type HistoryGroup = {
  /** `YYYY-MM`, local time. */
  key: string
  /** The month's name, with the year when it is not the current year (e.g. 'November 2023'). */
  title: string
  items: HistoryItem[]
}

/**
 * Groups items by year and month of `minedAt` in local time, newest month first and newest item
 * first within a month; items mined in the same second keep the service's order (by block, then
 * position in the block, newest first: the sort is stable); an id seen twice is kept once. Month
 * names come from `Intl`, so every locale gets its own.
 */
export function groupByMonth(
  items: readonly HistoryItem[],
  options: { now: number; locale: string },
): HistoryGroup[] {
  const thisYear = new Date(options.now).getFullYear()
  const monthOnly = dateFormat(options.locale, { month: 'long' })
  const withYear = dateFormat(options.locale, { month: 'long', year: 'numeric' })
  const unique = new Map<string, HistoryItem>()
  for (const item of items) if (!unique.has(item.id)) unique.set(item.id, item)
  const sorted = [...unique.values()].sort((a, b) => b.minedAt - a.minedAt)
  const groups: HistoryGroup[] = []
  for (const item of sorted) {
    const date = new Date(item.minedAt)
    const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
    let group = groups[groups.length - 1]
    if (group?.key !== key) {
      const format = date.getFullYear() === thisYear ? monthOnly : withYear
      group = { key, title: format.format(date), items: [] }
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}
