import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const src = join(root, 'src')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

/** Every module specifier a file names: static imports, re-exports and dynamic imports. */
function specifiers(code: string): string[] {
  const found: string[] = []
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns)
    for (const match of code.matchAll(pattern)) found.push(match[1] ?? '')
  return found
}

const FORBIDDEN = ['ui', 'services', 'chains', 'connectors', 'embed']

/** The top-level `src/` folder a specifier from `file` lands in, when it is a relative one. */
function targetFolder(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(src, resolve(dirname(file), specifier))
    return target.startsWith('..') ? undefined : target.split(sep)[0]
  }
  const alias = specifier.match(/^(?:@|~|src)\/([^/]+)/)
  return alias?.[1]
}

test('default', () => {
  const core = filesUnder(join(src, 'core'))
  expect(core.length).toBeGreaterThan(10)
  expect(core.some((f) => f.endsWith(join('core', 'kit.ts')))).toBe(true)
})

test('args: the import scanner sees every import form', () => {
  const code = [
    `import { a } from '../ui/App.js'`,
    `import type { B } from "../services/http.js"`,
    `export * from '../chains/eip155/adapter.js'`,
    `import '../embed/index.js'`,
    `const m = await import('../connectors/injected/index.js')`,
    `import {\n  c,\n  d,\n} from './router.js'`,
  ].join('\n')
  const file = join(src, 'core', 'x.ts')
  expect(specifiers(code).map((s) => targetFolder(file, s))).toEqual(
    expect.arrayContaining(['ui', 'services', 'chains', 'embed', 'connectors', 'core']),
  )
})

test('behavior: src/core imports nothing from ui, services, chains, connectors or embed (DESIGN §4)', () => {
  const offences: string[] = []
  for (const file of filesUnder(join(src, 'core'))) {
    const code = readFileSync(file, 'utf8')
    for (const specifier of specifiers(code)) {
      const folder = targetFolder(file, specifier)
      if (folder && FORBIDDEN.includes(folder))
        offences.push(`${relative(root, file)} imports ${specifier}`)
    }
  }
  expect(offences).toEqual([])
})

test('behavior: src/core imports no framework', () => {
  const offences: string[] = []
  for (const file of filesUnder(join(src, 'core')))
    for (const specifier of specifiers(readFileSync(file, 'utf8')))
      if (/^(react|react-dom|@preact\/signals-react)(\/|$)/.test(specifier))
        offences.push(`${relative(root, file)} imports ${specifier}`)
  expect(offences).toEqual([])
})

test('behavior: src/ui never calls fetch (DESIGN §4)', () => {
  const offences: string[] = []
  for (const file of filesUnder(join(src, 'ui'))) {
    const code = readFileSync(file, 'utf8')
    if (/\bfetch\s*\(/.test(code)) offences.push(relative(root, file))
  }
  expect(offences).toEqual([])
})

/** Imports from `layer` into any of `forbidden`, as "file imports specifier" lines. */
function crossings(layer: string, forbidden: readonly string[]): string[] {
  const offences: string[] = []
  for (const file of filesUnder(join(src, layer)))
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const folder = targetFolder(file, specifier)
      if (folder && forbidden.includes(folder))
        offences.push(`${relative(root, file)} imports ${specifier}`)
    }
  return offences
}

test('behavior: src/ui imports no service client, connector, chain adapter or embed code (DESIGN §4)', () => {
  expect(crossings('ui', ['services', 'connectors', 'chains', 'embed'])).toEqual([])
})

test('behavior: chains and connectors reach services only through core interfaces', () => {
  // They get a BlockchainApi and an RpcRequest (core/types/services.ts) from embed/.
  expect(crossings('chains', ['services', 'connectors', 'ui', 'embed'])).toEqual([])
  expect(crossings('connectors', ['services', 'chains', 'ui', 'embed'])).toEqual([])
})

test('behavior: services import nothing but core', () => {
  expect(crossings('services', ['ui', 'chains', 'connectors', 'embed'])).toEqual([])
})

test('behavior: nothing in ui or embed emits a kit event; the controllers that own them do', () => {
  const offences: string[] = []
  for (const layer of ['ui', 'embed'])
    for (const file of filesUnder(join(src, layer)))
      if (/\bevents\s*\.\s*emit\s*\(|\.emit\(\s*['"`]transaction/.test(readFileSync(file, 'utf8')))
        offences.push(relative(root, file))
  expect(offences).toEqual([])
})

test('args: the crossing check sees an offending import', () => {
  const file = join(src, 'chains', 'eip155', 'x.ts')
  expect(targetFolder(file, '../../services/rpc.js')).toBe('services')
  expect(targetFolder(file, '../../core/types/services.js')).toBe('core')
})
