import { readdirSync, readFileSync, realpathSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { dirname, join } from 'node:path'

/** The project root. */
export const ROOT = process.cwd()

/** Packages the build deduplicates (vite.config.ts `resolve.dedupe`): one top-level copy for all. */
const DEDUPED = ['@noble/curves', '@noble/hashes', '@noble/ciphers']

/** The package name of a specifier: `@scope/name` or `name`. */
export const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Every `@walletconnect/*` package directory, nested ones included. */
export function walletConnectPackages(dir = join(ROOT, 'node_modules')): string[] {
  const scope = join(dir, '@walletconnect')
  let names: string[]
  try {
    names = readdirSync(scope)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const pkg = join(scope, name)
    return [pkg, ...walletConnectPackages(join(pkg, 'node_modules'))]
  })
}

/** The files of a WalletConnect package that name `specifier` in an import or a require. */
export function importersOf(specifier: string): { pkg: string; file: string; code: string }[] {
  const found: { pkg: string; file: string; code: string }[] = []
  const quoted = new RegExp(`(from ?|require\\()["']${specifier.replace(/[/.]/g, '\\$&')}["']`)
  const walk = (pkg: string, dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(pkg, path)
      } else if (/\.(c|m)?js$/.test(entry.name)) {
        const code = readFileSync(path, 'utf8')
        if (quoted.test(code)) found.push({ pkg, file: path, code })
      }
    }
  }
  for (const pkg of walletConnectPackages()) walk(pkg, join(pkg, 'dist'))
  return found
}

/** Where the bundle takes `specifier` from for a WalletConnect package at `pkg`. */
export function resolveFor(pkg: string, specifier: string): string {
  const from = DEDUPED.includes(packageOf(specifier)) ? ROOT : pkg
  const require = createRequire(join(from, 'package.json'))
  // Node's own module of that name (`events`) would win; the bundle takes the package, as `name/` does.
  return realpathSync(require.resolve(isBuiltin(specifier) ? `${specifier}/` : specifier))
}

/** The root directory of the package a resolved file belongs to. */
export function packageRoot(file: string, name: string): string {
  let dir = dirname(file)
  while (!dir.endsWith(`node_modules/${name}`)) dir = dirname(dir)
  return dir
}

/** The versions of `specifier` WalletConnect's packages resolve, each with the files. */
export function resolvedVersions(specifier: string): Map<string, string[]> {
  const name = packageOf(specifier)
  const versions = new Map<string, string[]>()
  for (const { pkg } of importersOf(specifier)) {
    const file = resolveFor(pkg, specifier)
    const { version } = JSON.parse(
      readFileSync(join(packageRoot(file, name), 'package.json'), 'utf8'),
    ) as { version: string }
    versions.set(version, [...(versions.get(version) ?? []), file])
  }
  return versions
}

/**
 * The real package a shim stands in for, loaded from the copy WalletConnect itself resolves (not
 * whichever copy the tests' own imports would find), so each shim is compared with the code it
 * replaces. Throws when WalletConnect's packages resolve more than one version of it.
 */
export function walletConnectCopy<T>(specifier: string): T {
  const versions = resolvedVersions(specifier)
  if (versions.size !== 1)
    throw new Error(
      `${specifier}: WalletConnect resolves versions ${[...versions.keys()].join(', ')}`,
    )
  const [file] = [...versions.values()][0] as [string]
  return createRequire(file)(file) as T
}
