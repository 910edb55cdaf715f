// What a release is made of: the files the npm package holds, the pinned CDN addresses of a
// version, and the <script> tag a site owner pastes. Shared by scripts/release-check.mjs and the
// tests, so the README, the check and the tests cannot disagree on the tag.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { localeTags } from './locale-packs.mjs'

const ROOT = new URL('../', import.meta.url)

/**
 * Every file of the published package, sorted: the bundle and what sits beside it (the locale
 * packs and the ENSIP-15 pack included), and the docs.
 */
export const PACKAGE_FILES = Object.freeze(
  [
    'LICENSE',
    'README.md',
    'cdn-dist/walletkit.d.ts',
    'cdn-dist/walletkit.js',
    'cdn-dist/walletkit.js.map',
    'cdn-dist/walletkit.sri.json',
    ...localeTags().map((tag) => `cdn-dist/locales/${tag}.json`),
    'cdn-dist/locales/index.json',
    'cdn-dist/ens/ensip15.json',
    'package.json',
  ].sort(),
)

/** The bundle's path inside the package. */
export const BUNDLE_PATH = 'cdn-dist/walletkit.js'

/** The package's name and version, as package.json has them. */
export function packageInfo() {
  const { name, version } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'))
  return { name, version }
}

/**
 * The bundle's pinned addresses on the public CDNs that serve npm packages, one per CDN: the exact
 * major.minor.patch version, never a range, so the integrity value always matches the file.
 */
export function cdnUrls(name, version) {
  return {
    jsdelivr: `https://cdn.jsdelivr.net/npm/${name}@${version}/${BUNDLE_PATH}`,
    unpkg: `https://unpkg.com/${name}@${version}/${BUNDLE_PATH}`,
  }
}

/** The tag a site pastes: the pinned address, its integrity and `crossorigin` (SRI needs CORS). */
export function scriptTag(src, integrity) {
  return `<script\n  src="${src}"\n  integrity="${integrity}"\n  crossorigin="anonymous"\n></script>`
}

/** The integrity value `npm run build` published for cdn-dist/walletkit.js. */
export function builtIntegrity() {
  const sri = JSON.parse(readFileSync(new URL('cdn-dist/walletkit.sri.json', ROOT), 'utf8'))
  const value = sri['walletkit.js']
  if (typeof value !== 'string' || !/^sha384-[A-Za-z0-9+/]{64}$/.test(value))
    throw new Error('cdn-dist/walletkit.sri.json holds no sha384 value: run npm run build')
  return value
}

/**
 * The first `<script …>` of README.md's first html code block, with its attributes: the snippet a
 * site owner copies first.
 */
export function readmeTag(readme = readFileSync(new URL('README.md', ROOT), 'utf8')) {
  const block = readme.match(/```html\n([\s\S]*?)```/)?.[1]
  const tag = block?.match(/<script\b[^>]*>/)?.[0]
  if (!block || !tag) throw new Error('README.md has no html code block with a <script> tag')
  const attributes = Object.fromEntries(
    [...tag.matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? '']),
  )
  return { block, tag, attributes }
}

/** The files `npm pack` would put in the tarball, sorted (nothing is written). */
export function packedFiles() {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const [entry] = JSON.parse(out)
  return entry.files.map((file) => file.path).sort()
}
