// @vitest-environment node
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import {
  BUNDLE_PATH,
  cdnUrls,
  PACKAGE_FILES,
  packageInfo,
  readmeTag,
  scriptTag,
} from '../../../scripts/release-lib.mjs'

const ROOT = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8')
const pkg = JSON.parse(read('package.json'))
const { name, version } = packageInfo()

test('default', () => {
  // Publishable: not private, a semver version, the bundle where the CDNs and bundlers look.
  expect(pkg.private).toBeUndefined()
  expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  expect(pkg.license).toBe('MIT')
  expect(read('LICENSE')).toMatch(/^MIT License/)
  expect({
    main: pkg.main,
    unpkg: pkg.unpkg,
    jsdelivr: pkg.jsdelivr,
    types: pkg.types,
    exports: pkg.exports,
    sideEffects: pkg.sideEffects,
  }).toMatchInlineSnapshot(`
    {
      "exports": {
        ".": {
          "default": "./cdn-dist/walletkit.js",
          "types": "./cdn-dist/walletkit.d.ts",
        },
        "./package.json": "./package.json",
      },
      "jsdelivr": "cdn-dist/walletkit.js",
      "main": "./cdn-dist/walletkit.js",
      "sideEffects": true,
      "types": "./cdn-dist/walletkit.d.ts",
      "unpkg": "cdn-dist/walletkit.js",
    }
  `)
  // npm always adds package.json, README and LICENSE; `files` names the rest.
  expect([...pkg.files].sort()).toEqual(
    PACKAGE_FILES.filter((f) => !['package.json', 'README.md', 'LICENSE'].includes(f)),
  )
})

test('behavior: the package has no runtime dependencies: the bundle holds everything', () => {
  // A site that installs the package must not download React, viem or WalletConnect again.
  expect(pkg.dependencies ?? {}, 'put build-time packages in devDependencies').toEqual({})
  expect(pkg.peerDependencies).toBeUndefined()
})

test('behavior: the README’s first snippet is the pinned tag of package.json’s version', () => {
  const { block, attributes } = readmeTag()
  expect(attributes.src).toBe(cdnUrls(name, version).jsdelivr)
  expect(attributes.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
  expect(attributes.crossorigin).toBe('anonymous')
  const opening = scriptTag(attributes.src ?? '', attributes.integrity ?? '').replace(
    /\n><\/script>$/,
    '',
  )
  expect(block.startsWith(opening)).toBe(true)
  // Every pinned address in the README names this version.
  const pinned = [...read('README.md').matchAll(new RegExp(`${name}@([^/\\s"]+)/`, 'g'))]
  expect(pinned.length).toBeGreaterThan(1)
  expect(new Set(pinned.map((m) => m[1]))).toEqual(new Set([version]))
})

test('behavior: CHANGELOG.md has an entry for the version', () => {
  expect(read('CHANGELOG.md')).toMatch(new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm'))
})

test('args: the CDN addresses are exact versions of the bundle path', () => {
  expect(cdnUrls('walletkit', '1.2.3')).toEqual({
    jsdelivr: `https://cdn.jsdelivr.net/npm/walletkit@1.2.3/${BUNDLE_PATH}`,
    unpkg: `https://unpkg.com/walletkit@1.2.3/${BUNDLE_PATH}`,
  })
  expect(scriptTag('https://x.example/a.js', 'sha384-abc')).toMatchInlineSnapshot(`
    "<script
      src="https://x.example/a.js"
      integrity="sha384-abc"
      crossorigin="anonymous"
    ></script>"
  `)
})

test('error: a README without an html snippet', () => {
  expect(() => readmeTag('# Nothing here')).toThrow('README.md has no html code block')
})
