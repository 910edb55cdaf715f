import { expect, test } from 'vitest'
import { groupByMonth } from '../../../../src/core/history/group.js'
import { item } from './items.js'

const NOW = new Date(2026, 10, 25, 12).getTime()
const at = (y: number, m: number, d: number) => new Date(y, m, d, 12).getTime()

test('default', () => {
  const a = item({ minedAt: at(2026, 10, 2) })
  const b = item({ minedAt: at(2026, 10, 20) })
  const c = item({ minedAt: at(2026, 2, 15) })
  const d = item({ minedAt: at(2023, 10, 14) })
  const groups = groupByMonth([d, a, c, b], { now: NOW, locale: 'en' })
  expect(groups.map((g) => [g.key, g.title, g.items.map((i) => i.id)])).toEqual([
    ['2026-11', 'November', [b.id, a.id]],
    ['2026-03', 'March', [c.id]],
    ['2023-11', 'November 2023', [d.id]],
  ])
})

test('behavior: an id seen twice is kept once', () => {
  const a = item({ minedAt: at(2026, 10, 2) })
  expect(groupByMonth([a, { ...a }, a], { now: NOW, locale: 'en' })[0]?.items).toHaveLength(1)
})

test('behavior: month names come from Intl, in the locale', () => {
  const groups = groupByMonth([item({ minedAt: at(2025, 0, 10) })], { now: NOW, locale: 'de' })
  expect(groups[0]?.title).toBe(
    new Intl.DateTimeFormat('de', { month: 'long', year: 'numeric' }).format(at(2025, 0, 10)),
  )
  expect(groups[0]?.title).toContain('2025')
})

test('behavior: no items, no groups', () => {
  expect(groupByMonth([], { now: NOW, locale: 'en' })).toEqual([])
})

test('behavior: items of the same second keep the service’s order (newest block and position first)', () => {
  const t = at(2026, 10, 20)
  const [a, b, c] = [item({ minedAt: t }), item({ minedAt: t }), item({ minedAt: t })]
  const older = item({ minedAt: t - 1000 })
  const groups = groupByMonth([older, b, c, a], { now: NOW, locale: 'en' })
  expect(groups[0]?.items.map((i) => i.id)).toEqual([b.id, c.id, a.id, older.id])
})
