import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** One minified IIFE, `cdn-dist/walletkit.js`, that registers `window.WalletKit`. */
export default defineConfig({
  define: {
    __WALLETKIT_VERSION__: JSON.stringify(version),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  publicDir: false,
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
