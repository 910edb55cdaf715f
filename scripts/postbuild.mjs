// After `vite build`: writes walletkit.d.ts (public types + the window global and its events)
// and walletkit.sri.json (the sha384 integrity value of walletkit.js).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'

const out = new URL('../cdn-dist/', import.meta.url)
const bundle = readFileSync(new URL('walletkit.js', out))
const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`
writeFileSync(
  new URL('walletkit.sri.json', out),
  `${JSON.stringify({ 'walletkit.js': integrity, bytes: bundle.length }, null, 2)}\n`,
)

const dtsPath = new URL('walletkit.d.ts', out).pathname
execFileSync(
  process.execPath,
  [
    'node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js',
    '--silent',
    '--no-banner',
    '--project',
    'tsconfig.json',
    // Site owners do not install our dependencies: their types are inlined.
    '--external-inlines',
    '@wallet-standard/base',
    '@solana/wallet-standard-features',
    '@wallet-standard/features',
    '-o',
    dtsPath,
    'src/embed/public.ts',
  ],
  { stdio: 'inherit' },
)
const events = [
  'ready',
  'open',
  'close',
  'connected',
  'disconnected',
  'accountChanged',
  'chainChanged',
  'signedIn',
  'signedOut',
  'transaction',
  'error',
]
const globals = `
declare global {
  interface Window {
    /** Registered by walletkit.js. */
    readonly WalletKit: WalletKitGlobal;
  }
  interface WindowEventMap {
${events.map((e) => `    'walletkit:${e}': CustomEvent<KitEvents['${e}']>;`).join('\n')}
  }
  interface HTMLElementTagNameMap {
    'walletkit-button': HTMLElement;
    'walletkit-embed': HTMLElement;
    'walletkit-modal': HTMLElement;
  }
}
`
writeFileSync(dtsPath, readFileSync(dtsPath, 'utf8') + globals)
console.log(`cdn-dist: walletkit.js ${bundle.length} B, ${integrity}`)

// The declarations must stand alone: a site owner has none of our dependencies installed.
const imports = readFileSync(dtsPath, 'utf8').match(/^import .*$/gm)
if (imports) {
  console.error(`walletkit.d.ts imports other packages:\n${imports.join('\n')}`)
  process.exit(1)
}
