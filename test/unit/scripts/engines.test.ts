import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

// `npm ci` on the oldest Node the README names prints no EBADENGINE warning: every installed
// package accepts it. Ranges in the lock use >=, ^, bare or wildcard versions, spaces and ||.

type Version = [number, number, number]

const parse = (text: string): (number | undefined)[] =>
  text
    .replace(/^v/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : undefined))

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** True when `version` satisfies one comparator (`>=1.2`, `^1.2.3`, `1`, `6.*`, `0.8.x`). */
function satisfiesOne(version: Version, comparator: string): boolean {
  const [, op = '', rest = ''] = /^(>=|\^)?\s*(.+)$/.exec(comparator) ?? []
  const parts = parse(rest)
  const floor: Version = [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0]
  if (op === '>=') return compare(version, floor) >= 0
  if (op === '^') return version[0] === floor[0] && compare(version, floor) >= 0
  // A bare version: every given part must match.
  return parts.every((part, i) => part === undefined || part === version[i])
}

/** True when `version` satisfies a node-semver range of the shapes above. */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|\^)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesOne(version, comparator)),
  )
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}
const [major = 0, minor = 0, patch = 0] = parse(pkg.engines.node.replace(/^>=\s*/, ''))
const oldest: Version = [major, minor, patch]

test('behavior: the range reader accepts and refuses as npm does', () => {
  const node20: Version = [20, 19, 0]
  expect(satisfies(node20, '>=20.19')).toBe(true)
  expect(satisfies(node20, '>=22')).toBe(false)
  expect(satisfies(node20, '>=22.12.0')).toBe(false)
  expect(satisfies(node20, '^20.19.0 || >=22.12.0')).toBe(true)
  expect(satisfies(node20, '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true)
  expect(satisfies(node20, '20 || >=22')).toBe(true)
  expect(satisfies(node20, '^14.21.3 || >=16')).toBe(true)
  expect(satisfies(node20, '^10 || ^12 || >=14')).toBe(true)
  expect(satisfies(node20, '6.* || 8.* || >= 10.*')).toBe(true)
  expect(satisfies(node20, '>= 20.20')).toBe(false)
  expect(satisfies(node20, '^18.0.0')).toBe(false)
})

test('default: every installed package accepts the oldest Node the README names', () => {
  expect(oldest).toEqual([20, 19, 0])
  const refusing = Object.entries(lock.packages)
    .filter(([, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined
      return range !== undefined && !satisfies(oldest, range)
    })
    .map(([path, entry]) => `${path}@${entry.version}`)
  expect(refusing).toEqual([])
})
