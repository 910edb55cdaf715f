import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { emptyInitsDropped } from './scripts/drop-empty-inits.js'
import { redundantInitsDropped } from './scripts/drop-redundant-inits.js'
import { unreadExportsDropped } from './scripts/drop-unread-exports.js'
import { buildEnsip15Pack } from './scripts/ensip15-pack.mjs'
import { errorSentinels } from './scripts/error-sentinels.js'
import { buildLocalePacks, localeManifest } from './scripts/locale-packs.mjs'
import { minifyCssLiteralsMapped } from './scripts/minify-css.js'
import { trimPackages } from './scripts/trim-packages.js'
import { WALLETCONNECT_CUTS } from './scripts/walletconnect-cuts.js'

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string
}

/**
 * One minified IIFE, `cdn-dist/walletkit.js`, that registers `window.WalletKit`, and beside it the
 * data packs whose sha384 values the bundle carries: the locale packs `cdn-dist/locales/<tag>.json`
 * and ENSIP-15's tables `cdn-dist/ens/ensip15.json` (docs/data-packs.md).
 */
export default defineConfig(async (): Promise<UserConfig> => {
  const [packs, ensip15] = await Promise.all([buildLocalePacks(), buildEnsip15Pack()])
  const manifest = localeManifest(packs)
  return {
    define: {
      __WALLETKIT_VERSION__: JSON.stringify(version),
      __WALLETKIT_LOCALES__: JSON.stringify({
        tags: packs.map((pack) => pack.tag),
        manifest: manifest.integrity,
      }),
      __WALLETKIT_ENSIP15__: JSON.stringify(ensip15.integrity),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    publicDir: false,
    plugins: [
      packsBesideTheBundle([
        ...packs.map(({ tag, json }) => ({ fileName: `locales/${tag}.json`, json })),
        { fileName: 'locales/index.json', json: manifest.json },
        { fileName: 'ens/ensip15.json', json: ensip15.json },
      ]),
      ownKeysOnlyInBundlerRuntime(),
      walletConnectImportsFromShims(),
      packageImportsFromShims(),
      // The parts of WalletConnect's files a dapp never runs, as stubs (docs/bundle-size.md).
      trimPackages(WALLETCONNECT_CUTS),
      // React DOM's sentinel errors made without `new Error` (scripts/error-sentinels.ts).
      errorSentinels(),
      compactStyles(),
      reactAsBindings(),
      walletConnectCoreStaysPrivate(),
      // Module inits with nothing to run, and their calls (scripts/drop-empty-inits.ts).
      emptyInitsDropped(),
      // Module-init calls whose init an earlier call of the same list has run (scripts/drop-redundant-inits.ts).
      redundantInitsDropped(),
      // Entries of a required module's namespace that no read names (scripts/drop-unread-exports.ts).
      unreadExportsDropped(),
    ],
    resolve: {
      // One copy of each @noble package: the WalletConnect packages pin their own minor versions,
      // which would otherwise put three copies of the same curves in the bundle (see docs/bundle-size.md).
      dedupe: ['@noble/curves', '@noble/hashes', '@noble/ciphers'],
      alias: {
        // The browser has fetch; the WalletConnect HTTP connection only needs that.
        'cross-fetch': fileURLToPath(new URL('./src/embed/shims/cross-fetch.ts', import.meta.url)),
      },
    },
    build: {
      outDir: 'cdn-dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      reportCompressedSize: false,
      rolldownOptions: {
        // Imported constants (`export const X = 'literal'`) are written where they are read, in
        // every module, not only in conditions: the same values, without a binding to declare and
        // initialise in each lazily evaluated module (docs/bundle-size.md).
        optimization: { inlineConst: { mode: 'all', pass: 1 } },
      },
      lib: {
        entry: 'src/embed/index.ts',
        name: 'WalletKitBundle',
        formats: ['iife'],
        fileName: () => 'walletkit.js',
      },
    },
  }
})

/** Writes each data pack beside the bundle, byte for byte what its sha384 was computed on. */
function packsBesideTheBundle(files: { fileName: string; json: string }[]): Plugin {
  return {
    name: 'walletkit:data-packs',
    generateBundle() {
      for (const { fileName, json } of files)
        this.emitFile({ type: 'asset', fileName, source: json })
    },
  }
}

/**
 * Packages WalletConnect's client imports, and the kit's own smaller module for each: the part of
 * the package the client calls, with the same behaviour (docs/bundle-size.md). Only imports made
 * from `@walletconnect/*` files are redirected; the kit's own imports get the real packages.
 */
const WALLETCONNECT_SHIMS: Record<string, string> = {
  '@walletconnect/relay-auth': 'relay-auth.ts',
  '@walletconnect/logger': 'logger.ts',
  '@walletconnect/keyvaluestorage': 'keyvaluestorage.ts',
  uint8arrays: 'uint8arrays.ts',
  'uint8arrays/from-string': 'uint8arrays.ts',
  'es-toolkit/compat': 'es-toolkit-compat.ts',
  blakejs: 'blakejs.ts',
  'detect-browser': 'detect-browser.ts',
  '@msgpack/msgpack': 'msgpack.ts',
  ox: 'ox.ts',
  tslib: 'tslib.ts',
  '@noble/curves/p256': 'p256.ts',
  '@scure/base': 'scure-base.ts',
  events: 'events.ts',
  '@walletconnect/time': 'walletconnect-time.ts',
  '@walletconnect/window-getters': 'window-getters.ts',
  '@walletconnect/environment': 'walletconnect-environment.ts',
  '@walletconnect/jsonrpc-provider': 'jsonrpc-provider.ts',
}

/**
 * A shim, marked free of side effects: each only declares what it exports (its test in
 * `test/unit/embed/shims/top-level.test.ts` checks that), so a shim whose exports nothing reads, as
 * P-256 once Verify's attestation checks are left out, is not in the file.
 */
function shimModule(file: string) {
  return {
    id: fileURLToPath(new URL(`./src/embed/shims/${file}`, import.meta.url)),
    moduleSideEffects: false,
  }
}

function walletConnectImportsFromShims(): Plugin {
  return {
    name: 'walletkit:walletconnect-imports-from-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.replaceAll('\\', '/').includes('/node_modules/@walletconnect/')) return null
      const shim = Object.hasOwn(WALLETCONNECT_SHIMS, source)
        ? WALLETCONNECT_SHIMS[source]
        : undefined
      return shim ? shimModule(shim) : null
    },
  }
}

/**
 * Modules any package may import, and the kit's own smaller module for each (docs/bundle-size.md).
 * viem loads secp256k1 through `import()` only to recover a signer (`recoverPublicKey`); the shim
 * answers the calls that file makes, without noble's generic curves, signing and DER. Another
 * importer fails the build: it may call more than the shim has.
 * `@preact/signals-react` takes React 19's own `useSyncExternalStore` through a CommonJS shim.
 */
const PACKAGE_SHIMS: Record<string, string> = {
  '@noble/curves/secp256k1': 'secp256k1-recover.ts',
  'use-sync-external-store/shim/index.js': 'use-sync-external-store.ts',
}

/** The one file the recovery-only secp256k1 shim was checked against. */
const SECP256K1_RECOVER_IMPORTER = '/node_modules/viem/_esm/utils/signature/recoverPublicKey.js'

function packageImportsFromShims(): Plugin {
  // Files that import secp256k1 but are not the one the recovery shim answers: the build fails
  // if any of them is in the file (those only loaded and left out by tree-shaking are fine).
  const recoverImporters = new Set<string>()
  return {
    name: 'walletkit:package-imports-from-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/')
      if (!from?.includes('/node_modules/')) return null
      const shim = Object.hasOwn(PACKAGE_SHIMS, source) ? PACKAGE_SHIMS[source] : undefined
      if (shim === 'secp256k1-recover.ts' && !from.endsWith(SECP256K1_RECOVER_IMPORTER))
        recoverImporters.add(importer as string)
      return shim ? shimModule(shim) : null
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        for (const id of recoverImporters)
          if (chunk.type === 'chunk' && (chunk.modules[id]?.renderedLength ?? 0) > 0)
            this.error(`${id} imports secp256k1: check src/embed/shims/secp256k1-recover.ts`)
    },
  }
}

/**
 * The shadow roots' CSS is written readable (`src/ui/styles/`, and the button's and the login
 * frame's own sheets in `src/embed/`, each a `/* css *\/` literal) and shipped without comments and
 * spare white space (scripts/minify-css.ts; its test parses both forms and compares the rules).
 */
function compactStyles(): Plugin {
  return {
    name: 'walletkit:compact-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.+\.tsx?$/.test(id.replaceAll('\\', '/')) || !code.includes('/* css */'))
        return null
      return minifyCssLiteralsMapped(code)
    },
  }
}

/**
 * src/'s imports of `react` and the JSX transform's of `react/jsx-runtime`, resolved to
 * `src/ui/react.ts` and `src/ui/jsx-runtime.ts`: the views call `jsx(...)` and `useState(...)`, one
 * binding each, instead of `(0, import_x.jsx)(...)` through a CommonJS namespace of each module's
 * own (docs/bundle-size.md). The build fails when no import of either was redirected.
 */
function reactAsBindings(): Plugin {
  const modules: Record<string, string> = {
    react: fileURLToPath(new URL('./src/ui/react.ts', import.meta.url)),
    'react/jsx-runtime': fileURLToPath(new URL('./src/ui/jsx-runtime.ts', import.meta.url)),
  }
  const redirected = new Set<string>()
  return {
    name: 'walletkit:react-as-bindings',
    enforce: 'pre',
    buildStart() {
      redirected.clear()
    },
    resolveId(source, importer) {
      const target = Object.hasOwn(modules, source) ? modules[source] : undefined
      if (!target || !importer) return null
      const from = importer.replaceAll('\\', '/')
      if (!from.includes('/src/') || importer === target) return null
      redirected.add(source)
      return target
    },
    buildEnd(error) {
      const missed = Object.keys(modules).filter((source) => !redirected.has(source))
      if (!error && missed.length)
        this.error(
          `no import of ${missed.join(', ')} from src/ was redirected: check vite.config.ts`,
        )
    },
  }
}

/**
 * WalletConnect's core shares itself through `globalThis._walletConnectCore_<prefix>` and reuses
 * whatever it finds there, unless `process.env.DISABLE_GLOBAL_CORE` is 'true'. On a host page that
 * would hand the client (its keychain included) to every script, and let a script that sets the
 * global first supply the client. The kit creates one core per instance and turns sharing off.
 */
function walletConnectCoreStaysPrivate(): Plugin {
  const check =
    'isGlobalCoreDisabled(){try{return typeof process<"u"&&process.env.DISABLE_GLOBAL_CORE==="true"}catch{return!0}}'
  // Same length, so the module's source map stays exact.
  const disabled = 'isGlobalCoreDisabled(){return!0}'.padEnd(check.length, ' ')
  return {
    name: 'walletkit:walletconnect-core-stays-private',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes('/node_modules/@walletconnect/core/dist/')) return null
      if (!code.includes(check))
        this.error('@walletconnect/core changed: check isGlobalCoreDisabled (vite.config.ts)')
      return { code: code.replace(check, disabled), map: null }
    },
  }
}

/**
 * The bundler's runtime builds module namespaces with `for (… in …)`, which also walks properties a
 * host page added to `Object.prototype` (SECURITY.md row 6) and then fails on them. Walk own keys only.
 */
function ownKeysOnlyInBundlerRuntime(): Plugin {
  return {
    name: 'walletkit:own-keys-only-in-bundler-runtime',
    transform(code, id) {
      if (!id.includes('rolldown/runtime') && !id.includes('rolldown:runtime')) return null
      const patched = code.replace(/for \(var (\w+) in (\w+)\)/g, 'for (var $1 of Object.keys($2))')
      if (patched === code)
        this.error('the bundler runtime changed: check the namespace helper (vite.config.ts)')
      return { code: patched, map: null }
    },
  }
}
