import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  builtIntegrity,
  cdnUrls,
  PACKAGE_FILES,
  packageInfo,
  packedFiles,
  readmeTag,
  scriptTag,
} from '../../scripts/release-lib.mjs'
import { PROJECT_ROOT } from '../stack/static-server'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { expectView } from './support/validators'

const e2e = setupE2E()
const { name, version } = packageInfo()
const scratch = mkdtempSync(join(tmpdir(), 'wk-package-'))
/** The package as `npm pack` made it, unpacked: `<scratch>/package/…`. */
const unpacked = join(scratch, 'package')
let cdn: Server | undefined
let cdnOrigin = ''

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
}

/**
 * A stand-in for jsDelivr and unpkg: the unpacked tarball under both CDNs' versioned paths
 * (`/npm/<name>@<version>/…`, `/<name>@<version>/…`), with the CORS header both send (a script
 * with `integrity` is fetched in cors mode).
 */
function startCdn(): Promise<string> {
  const prefixes = [`/npm/${name}@${version}/`, `/${name}@${version}/`]
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://cdn').pathname
    const prefix = prefixes.find((p) => path.startsWith(p))
    const file = prefix ? normalize(path.slice(prefix.length)) : ''
    let body: Buffer | undefined
    if (file && !file.startsWith('..'))
      try {
        body = readFileSync(join(unpacked, file))
      } catch {}
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
    })
    res.end(body)
  })
  cdn = server
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    }),
  )
}

beforeAll(async () => {
  const out = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch],
    { cwd: PROJECT_ROOT, encoding: 'utf8' },
  )
  const [packed] = JSON.parse(out) as { filename: string }[]
  if (!packed) throw new Error(`npm pack made no tarball: ${out}`)
  execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', scratch])
  cdnOrigin = await startCdn()
}, 60_000)

afterAll(() => {
  cdn?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** Serves `html` as a page of the app server (another origin than the CDN's). */
function servePage(path: string, html: string) {
  e2e.mount(path, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html)
  })
}

/** The no-code attributes that point the kit at the stack. */
function stackAttributes(): string {
  const { urls, projectId } = e2e.stack
  return [
    `data-project-id="${projectId}"`,
    'data-networks="eip155:31337,eip155:31338"',
    `data-api-url="${urls.api}"`,
    `data-analytics-url="${urls.analytics}"`,
    `data-auth-url="${urls.loginFrame}"`,
    'defer',
  ].join(' ')
}

test('default', () => {
  // npm would publish exactly these files, and the tarball holds this build's bundle.
  expect(packedFiles()).toEqual([...PACKAGE_FILES])
  const bundle = readFileSync(join(unpacked, 'cdn-dist/walletkit.js'))
  expect(bundle.equals(readFileSync(join(PROJECT_ROOT, 'cdn-dist/walletkit.js')))).toBe(true)
  expect(`sha384-${createHash('sha384').update(bundle).digest('base64')}`).toBe(builtIntegrity())
  const pkg = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'))
  expect(pkg).toMatchObject({ name, version, license: 'MIT' })
  expect(pkg.private).toBeUndefined()
})

test.each(['jsdelivr', 'unpkg'] as const)(
  'behavior: the README’s tag loads from the %s path layout with its integrity',
  async (where) => {
    const readme = readmeTag()
    // The README's first snippet is release:check's tag for this version (its integrity is the
    // published release's, checked by release:check before publishing; here, this build's).
    const integrity = builtIntegrity()
    const url = cdnUrls(name, version)[where]
    expect(readme.attributes.src).toBe(cdnUrls(name, version).jsdelivr)
    expect(
      readme.block.startsWith(
        scriptTag(readme.attributes.src ?? '', readme.attributes.integrity ?? '').replace(
          /\n><\/script>$/,
          '',
        ),
      ),
    ).toBe(true)
    const local = url.replace(/^https:\/\/[^/]+/, cdnOrigin)
    const tag = scriptTag(local, integrity).replace(
      '\n></script>',
      `\n  ${stackAttributes()}\n></script>`,
    )
    servePage(
      '/cdn-page.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>From a CDN</title><link rel="icon" href="data:,">${tag}</head><body><walletkit-button></walletkit-button></body></html>`,
    )

    const { page } = await e2e.newSession()
    const host = new HostPage(page, e2e.stack)
    await host.goto('/cdn-page.html')
    await host.waitForReady()
    expect(await page.evaluate(() => window.WalletKit?.version)).toBe(version)
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    )
    expect(loaded).toContain(local)
    const modal = new ModalPage(page)
    await modal.openViaButton()
    await expectView(modal, 'connect', 'Connect Wallet')
  },
)

test('error: with an integrity value not the file’s, the browser refuses it', async () => {
  const other = `sha384-${createHash('sha384').update('another file').digest('base64')}`
  const local = cdnUrls(name, version).jsdelivr.replace(/^https:\/\/[^/]+/, cdnOrigin)
  const tag = scriptTag(local, other).replace(
    '\n></script>',
    `\n  ${stackAttributes()}\n></script>`,
  )
  servePage(
    '/cdn-page.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>From a CDN</title><link rel="icon" href="data:,">${tag}</head><body></body></html>`,
  )
  const { page, consoleErrors } = await e2e.newSession()
  await new HostPage(page, e2e.stack).goto('/cdn-page.html')
  await expect.poll(() => consoleErrors.join('\n')).toMatch(/integrity/)
  expect(await page.evaluate(() => typeof window.WalletKit)).toBe('undefined')
})

test('behavior: import in a bundler registers the same global, with the package’s types', async () => {
  const app = join(scratch, 'app')
  mkdirSync(join(app, 'node_modules'), { recursive: true })
  symlinkSync(unpacked, join(app, 'node_modules', name), 'dir')
  writeFileSync(
    join(app, 'main.js'),
    `import '${name}'\nwindow.__bundled = { version: window.WalletKit.version }\n`,
  )
  await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: join(app, 'dist'),
      minify: false,
      lib: { entry: join(app, 'main.js'), formats: ['es'], fileName: () => 'app.js' },
    },
  })
  const code = readFileSync(join(app, 'dist', 'app.js'))
  e2e.mount('/bundled/app.js', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
    res.end(code)
  })
  servePage(
    '/bundled/page.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bundled</title><link rel="icon" href="data:,"><script type="module" src="/bundled/app.js"></script></head><body><walletkit-button></walletkit-button></body></html>',
  )
  const { page } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  await host.goto('/bundled/page.html')
  await expect
    .poll(() => page.evaluate(() => (window as { __bundled?: unknown }).__bundled))
    .toEqual({ version })
  await host.init(host.options())
  await host.waitForReady()
  const modal = new ModalPage(page)
  await modal.openViaButton()
  await expectView(modal, 'connect', 'Connect Wallet')

  // The same import type-checks against the package's walletkit.d.ts (through `exports`).
  writeFileSync(
    join(app, 'check.ts'),
    [
      `import '${name}'`,
      `import type { WalletKitOptions } from '${name}'`,
      "const options: WalletKitOptions = { projectId: '0123456789abcdef0123456789abcdef', themePreset: 'contrast' }",
      'const unmount: () => void = window.WalletKit.init(options).mount(document.body)',
      'unmount()',
      '// @ts-expect-error: not a preset',
      "window.WalletKit.init({ projectId: 'x', themePreset: 'neon' })",
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        noEmit: true,
      },
      files: ['check.ts'],
    }),
  )
  const tsc = join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc')
  expect(() => execFileSync(process.execPath, [tsc, '-p', app], { encoding: 'utf8' })).not.toThrow()
})
