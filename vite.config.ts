import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string
}

/** One minified IIFE, `cdn-dist/walletkit.js`, that registers `window.WalletKit`. */
export default defineConfig({
  define: {
    __WALLETKIT_VERSION__: JSON.stringify(version),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  publicDir: false,
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
    lib: {
      entry: 'src/embed/index.ts',
      name: 'WalletKitBundle',
      formats: ['iife'],
      fileName: () => 'walletkit.js',
    },
  },
})
