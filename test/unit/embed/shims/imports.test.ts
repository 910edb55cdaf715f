import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { importersOf, ROOT, resolvedVersions } from './walletconnect-copy.js'

/** Escapes a specifier for a regular expression. */
const quote = (s: string) => s.replace(/[/.@-]/g, '\\$&')

/**
 * What one file takes from `specifier`: named imports, `default`, the members read off a namespace
 * import, and (in CommonJS builds) the members read off a `require()` kept in a named variable.
 */
function namesImported(code: string, specifier: string): Set<string> {
  const names = new Set<string>()
  const from = `\\s*from\\s*["']${quote(specifier)}["']`
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}${from}`, 'g')))
    for (const part of (m[1] ?? '').split(','))
      if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0] as string)
  for (const m of code.matchAll(new RegExp(`export\\s*\\{([^}]*)\\}${from}`, 'g')))
    for (const part of (m[1] ?? '').split(','))
      if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0] as string)
  if (new RegExp(`import\\s+[\\w$]+\\s*(,\\s*\\{[^}]*\\})?${from}`).test(code)) names.add('default')
  const members = (variable: string) => {
    for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${quote(variable)}\\.([\\w$]+)`, 'g')))
      names.add(m[1] as string)
  }
  for (const m of code.matchAll(new RegExp(`import\\s*\\*\\s*as\\s*([\\w$]+)${from}`, 'g')))
    members(m[1] as string)
  // Minified CommonJS reuses short names across scopes; only a descriptive name is followed.
  for (const m of code.matchAll(
    new RegExp(`([\\w$]{3,})\\s*=\\s*require\\(["']${quote(specifier)}["']\\)`, 'g'),
  ))
    members(m[1] as string)
  return names
}

/** The shim table of vite.config.ts (`WALLETCONNECT_SHIMS`), as the build reads it. */
const table = /const WALLETCONNECT_SHIMS[^{]*\{([^}]*)\}/.exec(
  readFileSync(join(ROOT, 'vite.config.ts'), 'utf8'),
)?.[1]
const shims = [...(table ?? '').matchAll(/'?([^'\s:]+)'?:\s*'([^']+)'/g)].map(
  (m) => [m[1], m[2]] as [string, string],
)

test('default', () => {
  expect(shims.length).toBeGreaterThan(0)
  expect(
    namesImported(
      'import{Signature as ln,Secp256k1 as dn}from"ox";import*as j from"x";j.decodeJWT()',
      'ox',
    ),
  ).toEqual(new Set(['Signature', 'Secp256k1']))
})

test.each(shims)(
  'behavior: every name @walletconnect/* takes from %s, its shim (%s) exports',
  async (specifier, file) => {
    const importers = importersOf(specifier)
    // A shim nothing imports any more is code to delete, not to keep.
    expect(importers.length, `no @walletconnect file imports ${specifier}`).toBeGreaterThan(0)
    const wanted = new Set<string>()
    for (const { code } of importers)
      for (const name of namesImported(code, specifier)) wanted.add(name)
    const shim = (await import(
      `../../../../src/embed/shims/${file.replace(/\.ts$/, '.js')}`
    )) as Record<string, unknown>
    const missing = [...wanted].filter((name) => !(name in shim))
    expect(missing, `${specifier} names the shim src/embed/shims/${file} lacks`).toEqual([])
  },
)

test.each(shims)(
  'behavior: @walletconnect/* resolve %s to one version, the one its shim test loads',
  (specifier) => {
    // walletConnectCopy() loads that version for the shim's own test; two would be two behaviours.
    expect([...resolvedVersions(specifier).keys()], specifier).toHaveLength(1)
  },
)

test('behavior: shim tests load the real package only as WalletConnect resolves it', () => {
  const dir = join(ROOT, 'test/unit/embed/shims')
  const bare = new Set(shims.map(([s]) => s))
  const offenders: string[] = []
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
    const code = readFileSync(join(dir, file), 'utf8')
    for (const m of code.matchAll(/from\s*'([^']+)'/g))
      if (bare.has(m[1] as string) && !/^import type /m.test(m[0]))
        offenders.push(`${file}: ${m[1]}`)
  }
  expect(offenders, 'use walletConnectCopy() instead of a bare import').toEqual([])
})
