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
  // The shims stand in for packages (embed/shims: docs/walletconnect-shims.md); what their own
  // emitters emit is the package's, never a kit event.
  const shims = join(src, 'embed', 'shims')
  for (const layer of ['ui', 'embed'])
    for (const file of filesUnder(join(src, layer)))
      if (
        !file.startsWith(shims) &&
        /\bevents\s*\.\s*emit\s*\(|\.emit\(\s*['"`]transaction/.test(readFileSync(file, 'utf8'))
      )
        offences.push(relative(root, file))
  expect(offences).toEqual([])
})

test('args: the crossing check sees an offending import', () => {
  const file = join(src, 'chains', 'eip155', 'x.ts')
  expect(targetFolder(file, '../../services/rpc.js')).toBe('services')
  expect(targetFolder(file, '../../core/types/services.js')).toBe('core')
})

// ── The rooms and their doors (docs/architecture.md) ─────────────────────────

/** The `src/` file a relative specifier from `file` names, with its `.ts`/`.tsx` extension. */
function targetFile(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return relative(src, resolve(dirname(file), specifier)).replace(/\.js$/, '')
}

/** Files (relative to `src/`, without extension) importing one of `targets`, outside `allowed`. */
function importersOf(targets: readonly string[], allowed: (file: string) => boolean): string[] {
  const offences: string[] = []
  for (const file of filesUnder(src)) {
    const own = relative(src, file)
    if (allowed(own)) continue
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const target = targetFile(file, specifier)
      if (target && targets.includes(target)) offences.push(`${own} imports ${specifier}`)
    }
  }
  return offences
}

/** The code of a file without its comments (so prose naming a global is no offence). */
const codeOf = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')

/** Lines of `code` where `pattern` matches, as `file:line`. */
function matches(file: string, code: string, pattern: RegExp): string[] {
  return code.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : []))
}

/** Offending lines of every file under `layer`, outside `allowed`. */
function scan(layer: string, pattern: RegExp, allowed: readonly string[] = []): string[] {
  return filesUnder(join(src, layer)).flatMap((file) => {
    const own = relative(src, file)
    return allowed.includes(own) ? [] : matches(own, codeOf(readFileSync(file, 'utf8')), pattern)
  })
}

test('behavior: only embed/ imports the composition root (core/kit.ts) or the whole Kit type', () => {
  expect(
    importersOf(
      ['core/kit', 'core/types/kit'],
      (file) => file.startsWith(`embed${sep}`) || file.startsWith(`core${sep}`),
    ),
  ).toEqual([])
  expect(importersOf(['core/kit'], (file) => file.startsWith(`embed${sep}`))).toEqual([])
})

/** What no view may reach: another controller's writer, the connection, the toasts, analytics. */
const LOCATOR =
  /\bkit\s*\.\s*(router|connection|toasts|analytics|events|catalogMatch|connectors|reportError)\b|\.addRecent\s*\(|\bevents\s*\.\s*emit\b/

test('behavior: views reach the kit only through its narrow view (signals and actions)', () => {
  expect(scan('ui', LOCATOR)).toEqual([])
  // No view imports a controller's writer type either.
  expect(
    importersOf(
      ['core/router', 'core/connection', 'core/analytics', 'core/kit', 'core/types/kit'],
      (file) => !file.startsWith(`ui${sep}`),
    ),
  ).toEqual([])
})

test('behavior: components take props only (no kit, no context)', () => {
  expect(scan(join('ui', 'components'), /\buse(Ui|AfterPaint)\s*\(|\bUiContext\b/)).toEqual([])
})

const REQUEST = /\.request\s*\(/
const GET_PROVIDER = /\.getProvider\s*\(\s*\)/
const MAPPING = join('core', 'wallet-provider.ts')

test('behavior: core reaches a wallet only through the chain ports and the one error mapping', () => {
  // `provider.request` is called by the chain adapters (chains/) and by wallet-provider.ts, which
  // maps every wallet failure; core code asks a writer or a reader instead.
  expect(scan('core', REQUEST, [MAPPING])).toEqual([])
  // A connector's provider is read through `walletProvider()` (the error mapping), not raw.
  expect(scan('core', GET_PROVIDER, [MAPPING])).toEqual([])
})

const DOM = /(^|[^\w$.'"`])(document|window|navigator|location)\s*(\?\.|[.[])/

test('behavior: core touches no DOM global; embed/ gives the page through ports', () => {
  expect(scan('core', DOM)).toEqual([])
})

/** A component's name and code, for each function component (capitalised) declared in `code`. */
function componentsOf(code: string): { name: string; body: string }[] {
  return code.split(/\n(?=(?:export )?function [A-Z])/).flatMap((part) => {
    const name = /^(?:export )?function ([A-Z]\w*)/.exec(part)?.[1]
    // The component ends where the next top-level declaration starts.
    const body = part.split(/\n(?=(?:export )?(?:const|let|function|type|interface) )/)[0] ?? ''
    return name ? [{ name, body }] : []
  })
}

/** A signal read in a render: `.value` of anything but a DOM event's target. */
const SIGNAL_READ = /(?<!\b(?:e|ev|event)\.(?:currentTarget|target))\.value\b/

/** Components that read a signal without tracking it, as `file:Component`. */
function untracked(layer: string): string[] {
  return filesUnder(join(src, layer))
    .filter((file) => file.endsWith('.tsx'))
    .flatMap((file) =>
      componentsOf(codeOf(readFileSync(file, 'utf8')))
        .filter(({ body }) => SIGNAL_READ.test(body) && !/\buseSignals\(\)/.test(body))
        .map(({ name }) => `${relative(src, file)}:${name}`),
    )
}

test('behavior: every component that reads a signal tracks it (useSignals), so it renders again when the signal changes', () => {
  expect(untracked('ui')).toEqual([])
})

test('behavior: no message key is built from a template and cast', () => {
  expect(scan('ui', /`[^`]*\$\{[^`]*`\s+as\s+MessageKey/)).toEqual([])
})

test('args: each scanner sees the offence it is for', () => {
  const file = 'x.ts'
  expect(matches(file, 'kit.router.push("Send")', LOCATOR)).toEqual(['x.ts:1'])
  expect(matches(file, 'void kit.analytics.track("X")', LOCATOR)).toEqual(['x.ts:1'])
  expect(matches(file, 'kit.connect.selectWallet(w)', LOCATOR)).toEqual([])
  expect(matches(file, 'provider.request({ method })', REQUEST)).toEqual(['x.ts:1'])
  expect(matches(file, 'c.getProvider()', GET_PROVIDER)).toEqual(['x.ts:1'])
  const dom = DOM
  expect(matches(file, 'const a = location.href', dom)).toEqual(['x.ts:1'])
  expect(matches(file, 'navigator?.userAgent', dom)).toEqual(['x.ts:1'])
  expect(matches(file, 'popup.location.href; p.window.x', dom)).toEqual([])
  expect(matches(file, '  location?: () => string', dom)).toEqual([])
  expect(codeOf('a // window.open\n/* document.x */ b')).not.toMatch(dom)
  expect(
    matches(file, 't(`view.$' + '{v}` as MessageKey)', /`[^`]*\$\{[^`]*`\s+as\s+MessageKey/),
  ).toEqual(['x.ts:1'])
  expect(targetFile(join(src, 'ui', 'x.ts'), '../core/kit.js')).toBe(join('core', 'kit'))
  const components = componentsOf(
    'function A() {\n  const s = kit.x.value\n}\nexport function B() {\n  useSignals()\n  kit.y.value\n}\nconst c = 1\nfunction C() {\n  onChange(event.currentTarget.value)\n}\nfunction D() {\n  kit.connect.target.value\n}',
  )
  expect(components.map((c) => c.name)).toEqual(['A', 'B', 'C', 'D'])
  const offending = components.filter(
    ({ body }) => SIGNAL_READ.test(body) && !/\buseSignals\(\)/.test(body),
  )
  expect(offending.map((c) => c.name)).toEqual(['A', 'D'])
})
