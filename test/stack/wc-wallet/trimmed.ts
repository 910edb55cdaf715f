import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import { trimFile } from '../../../scripts/trim-packages.js'
import { WALLETCONNECT_CUTS } from '../../../scripts/walletconnect-cuts.js'

const ROOT = process.cwd()
/**
 * Outside node_modules, so that the test runner loads them as the bundler does (through its
 * resolver, ES module builds first); their other imports resolve to the project's packages.
 */
const OUT = join(ROOT, 'test-results/walletkit-trimmed')

/** The WalletConnect packages as the build ships them: each file with its cuts (utils has none). */
const PACKAGES = ['universal-provider', 'sign-client', 'core', 'utils']

/**
 * Writes the WalletConnect packages the dapp side loads, with the build's cuts applied
 * (scripts/walletconnect-cuts.ts), and returns their `UniversalProvider`: the dapp of the bundle,
 * in Node. Their imports of each other resolve to these copies, everything else to the real
 * packages.
 */
export async function loadTrimmedUniversalProvider(): Promise<typeof UniversalProvider> {
  mkdirSync(OUT, { recursive: true })
  for (const name of PACKAGES) {
    const file = `@walletconnect/${name}/dist/index.js`
    const cuts = WALLETCONNECT_CUTS.find((f) => f.file === file)
    let code = readFileSync(join(ROOT, 'node_modules', file), 'utf8')
    code = cuts ? trimFile(code, cuts).code : code
    // The copies import each other.
    for (const other of PACKAGES) {
      const from = `from"@walletconnect/${other}"`
      code = code.replaceAll(from, `from"./${other}.js"`)
    }
    // The published map describes the file before its cuts.
    code = code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
    if (/from"@walletconnect\/(universal-provider|sign-client|core|utils)"/.test(code))
      throw new Error(`${file}: an import of the copied packages was not redirected`)
    writeFileSync(join(OUT, `${name}.js`), code)
  }
  const entry = pathToFileURL(join(OUT, 'universal-provider.js')).href
  const module = (await import(/* @vite-ignore */ entry)) as {
    UniversalProvider: typeof UniversalProvider
  }
  return module.UniversalProvider
}
