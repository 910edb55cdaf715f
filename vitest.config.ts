import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The kit reaches some modules through `require('./x.js')`, which the bundler turns into a module
 * evaluated on the first call (docs/architecture.md, "Short tasks while a page loads"). Node's
 * `require` cannot load the sources, so under test each becomes a static import of the module:
 * the same exports, only evaluated up front.
 */
function lazyRequiresAsImports(): Plugin {
  return {
    name: 'walletkit:lazy-requires-as-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id.replaceAll('\\', '/'))) return null
      const specifiers: string[] = []
      const body = code.replace(/\brequire\(\s*'(\.[^']+)'\s*\)/g, (_, specifier: string) => {
        if (!specifiers.includes(specifier)) specifiers.push(specifier)
        return `__wkRequired${specifiers.indexOf(specifier)}`
      })
      if (!specifiers.length) return null
      // On the first line, so that every other line keeps its number.
      const imports = specifiers.map((s, i) => `import * as __wkRequired${i} from '${s}';`)
      return { code: `${imports.join('')}${body}`, map: null }
    },
  }
}

/** Unit tests: the source under happy-dom, and the local stand-ins under Node. */
export default defineConfig({
  plugins: [lazyRequiresAsImports()],
  define: {
    __WALLETKIT_VERSION__: JSON.stringify('0.0.0-test'),
    __WALLETKIT_LOCALES__: '{}',
    __WALLETKIT_ENSIP15__: '""',
  },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/stack/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['test/unit/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
})
