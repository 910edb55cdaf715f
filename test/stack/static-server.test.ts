// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { renderTemplate, type StaticServer, startStaticServer } from './static-server'

const FILES: Record<string, string> = {
  'index.html':
    '<script src="/cdn-dist/walletkit.js" data-api-url="{{apiUrl}}" data-project-id="{{projectId}}" data-x="{{unknown}}"></script>',
  'cdn-dist/walletkit.js': 'window.WalletKit={}',
  'cdn-dist/walletkit.js.map': '{"version":3}',
  'cdn-dist/walletkit.sri.json': '{"integrity":"sha384-x"}',
  'cdn-dist/walletkit.d.ts': 'export {}',
  'public/logo.svg': '<svg/>',
  'public/logo.png': 'png',
  'public/site.css': 'body{}',
  'public/a.wasm': 'wasm',
  'public/nested/deep.json': '{}',
  'test/e2e/pages/csp.html':
    '<body data-relay="{{relayUrl}}" data-rpc="{{rpc31337}},{{rpc31338}}">',
  'test/e2e/pages/helper.js': 'secret page script',
  'secret.txt': 'top secret',
  'package.json': '{}',
}

let root: string
let app: StaticServer
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'wk-static-'))
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  symlinkSync(join(root, 'secret.txt'), join(root, 'public/link.txt'))
  app = await startStaticServer({
    root,
    vars: { apiUrl: 'http://127.0.0.1:1111', projectId: 'p'.repeat(32) },
  })
})
afterEach(() => app.setHeaderHook(null))
afterAll(async () => {
  await app.close()
  rmSync(root, { recursive: true, force: true })
})

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function raw(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}/`, { path }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('default', async () => {
  const res = await fetch(`${app.url}/`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(await res.text()).toBe(
    `<script src="/cdn-dist/walletkit.js" data-api-url="http://127.0.0.1:1111" data-project-id="${'p'.repeat(32)}" data-x="{{unknown}}"></script>`,
  )
})

test('behavior: MIME types', async () => {
  const expected: Record<string, string> = {
    '/cdn-dist/walletkit.js': 'text/javascript; charset=utf-8',
    '/cdn-dist/walletkit.js.map': 'application/json; charset=utf-8',
    '/cdn-dist/walletkit.sri.json': 'application/json; charset=utf-8',
    '/cdn-dist/walletkit.d.ts': 'application/octet-stream',
    '/public/logo.svg': 'image/svg+xml',
    '/public/logo.png': 'image/png',
    '/public/site.css': 'text/css; charset=utf-8',
    '/public/a.wasm': 'application/wasm',
    '/public/nested/deep.json': 'application/json; charset=utf-8',
    '/test/e2e/pages/csp.html': 'text/html; charset=utf-8',
  }
  for (const [path, type] of Object.entries(expected)) {
    const res = await fetch(`${app.url}${path}`)
    expect(res.status, path).toBe(200)
    expect(res.headers.get('content-type'), path).toBe(type)
    expect(res.headers.get('cache-control'), path).toBe('no-store')
  }
  expect(await (await fetch(`${app.url}/cdn-dist/walletkit.js`)).text()).toBe('window.WalletKit={}')
})

test('behavior: e2e pages are templated; setVars updates values, escaped for attributes', async () => {
  app.setVars({ relayUrl: 'ws://127.0.0.1:2222', rpc31337: 'http://a', rpc31338: 'http://b' })
  expect(await (await fetch(`${app.url}/test/e2e/pages/csp.html`)).text()).toBe(
    '<body data-relay="ws://127.0.0.1:2222" data-rpc="http://a,http://b">',
  )
  app.setVars({ relayUrl: '"><script>x</script>&' })
  expect(await (await fetch(`${app.url}/test/e2e/pages/csp.html`)).text()).toContain(
    'data-relay="&#34;&#62;&#60;script&#62;x&#60;/script&#62;&#38;"',
  )
  expect(app.vars.apiUrl).toBe('http://127.0.0.1:1111')
  expect(renderTemplate('{{toString}} {{projectId}}', app.vars)).toBe(
    `{{toString}} ${'p'.repeat(32)}`,
  )
})

test('behavior: mount serves a prefix and below, before files; unmount removes it', async () => {
  const unmount = app.mount('/cdn-dist/extra', (_req, res, url) => {
    res.end(`extra ${url.pathname}`)
  })
  const deeper = app.mount('/cdn-dist/extra/deep/', (_req, res) => {
    res.end('deep')
  })
  expect(await (await fetch(`${app.url}/cdn-dist/extra`)).text()).toBe('extra /cdn-dist/extra')
  expect(await (await fetch(`${app.url}/cdn-dist/extra/a.js?x=1`)).text()).toBe(
    'extra /cdn-dist/extra/a.js',
  )
  expect(await (await fetch(`${app.url}/cdn-dist/extra/deep/x`)).text()).toBe('deep')
  expect((await fetch(`${app.url}/cdn-dist/extrafile`)).status).toBe(404)
  const posted = app.mount('/wallet', async (req, res) => {
    res.end(req.method)
  })
  expect(await (await fetch(`${app.url}/wallet/rpc`, { method: 'POST' })).text()).toBe('POST')
  unmount()
  deeper()
  posted()
  expect((await fetch(`${app.url}/cdn-dist/extra`)).status).toBe(404)
  expect((await fetch(`${app.url}/wallet/rpc`, { method: 'POST' })).status).toBe(405)
})

test('behavior: the header hook adds headers to every response', async () => {
  const csp = "default-src 'none'; script-src 'self'"
  app.setHeaderHook((_req, path) =>
    path.endsWith('.html') ? { 'Content-Security-Policy': csp } : undefined,
  )
  const page = await fetch(`${app.url}/test/e2e/pages/csp.html`)
  expect(page.headers.get('content-security-policy')).toBe(csp)
  const script = await fetch(`${app.url}/cdn-dist/walletkit.js`)
  expect(script.headers.get('content-security-policy')).toBeNull()
  app.setHeaderHook(null)
  expect(
    (await fetch(`${app.url}/test/e2e/pages/csp.html`)).headers.get('content-security-policy'),
  ).toBeNull()
})

test('behavior: HEAD answers headers only', async () => {
  const res = await fetch(`${app.url}/cdn-dist/walletkit.js`, { method: 'HEAD' })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-length')).toBe(String(FILES['cdn-dist/walletkit.js']?.length))
  expect(await res.text()).toBe('')
})

test('error: paths outside the served areas → 404', async () => {
  for (const path of [
    '/secret.txt',
    '/package.json',
    '/test/e2e/pages/helper.js',
    '/cdn-dist/',
    '/public',
    '/nope.html',
  ]) {
    const res = await fetch(`${app.url}${path}`)
    expect(res.status, path).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
  }
})

test('error: path traversal → 404', async () => {
  const attempts = [
    '/cdn-dist/../secret.txt',
    '/cdn-dist/../../../../etc/passwd',
    '/cdn-dist/..%2fsecret.txt',
    '/cdn-dist/%2e%2e/secret.txt',
    '/cdn-dist/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/public/..%5csecret.txt',
    '/public/nested/..%2f..%2fsecret.txt',
    '/test/e2e/pages/..%2f..%2f..%2fsecret.txt%00.html',
    '/public/link.txt',
    '/public/%E0%A4%A',
    '/cdn-dist/walletkit.js%00',
  ]
  for (const path of attempts) {
    const { status, body } = await raw(path)
    expect(status, path).toBe(404)
    expect(body, path).not.toContain('top secret')
    expect(body, path).not.toContain('root:')
  }
})

test('error: methods other than GET and HEAD → 405', async () => {
  const res = await fetch(`${app.url}/`, { method: 'POST', body: 'x' })
  expect(res.status).toBe(405)
  expect(res.headers.get('allow')).toBe('GET, HEAD')
})
