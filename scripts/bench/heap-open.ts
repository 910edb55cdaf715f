// What the JS heap after the modal's first open holds (issue 32, docs/benchmarks.md, "JS heap after
// open: what it holds"), taken as the peer benchmark takes it: cold loads of a page holding only the
// built script, `init()`, the page quiet for 1 s, `open()`, the dialog shown, 1 s, one forced
// collection, `Runtime.getHeapUsage().usedSize`. The first load of each case also writes a heap
// snapshot to test-results/ and prints its V8 objects by type, the JS realms it holds (the page's,
// a frame's, the protocol client's) and the largest kinds by self size. Run after `npm run build`.
//
//   tsx scripts/bench/heap-open.ts [--samples 5] [--cases empty,blocked,cross-site,no-login] [--top 25]
//                                  [--after-open 1000]
//
// Cases: `empty` is the page without the script (the floor); `blocked` is the peer benchmark's
// network (every request leaving 127.0.0.1 aborted, so the login frame commits Chromium's error
// page); `cross-site` serves a stand-in login frame on `localhost` (another site than the page's
// 127.0.0.1, so Chromium puts it in a process of its own, as a real `authUrl` is); `no-login` turns
// email and social login off (no login frame at all).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, type CDPSession, chromium } from 'playwright-core'
import { CHROME_ARGS, CHROMIUM, median, sleep, VIEWPORT } from '../bench-common'
import { BUNDLE, ROOT } from './settings'

const CASES = ['empty', 'blocked', 'cross-site', 'no-login'] as const
type Case = (typeof CASES)[number]

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}
const samples = Number(arg('--samples') ?? 5)
const top = Number(arg('--top') ?? 25)
/** How long after the dialog shows the heap is read (the peer benchmark: 1 s). */
const afterOpenMs = Number(arg('--after-open') ?? 1000)
const cases = (arg('--cases') ?? CASES.join(',')).split(',') as Case[]
for (const c of cases) if (!CASES.includes(c)) throw new Error(`unknown case ${c}`)
const out = join(ROOT, 'test-results')
mkdirSync(out, { recursive: true })

const PROJECT_ID = '0123456789abcdef0123456789abcdef'
const QUIET_MS = 1000
const MIB = 1024 * 1024

/** The init call of each case; `{frame}` is replaced by the stand-in frame's URL. */
function initCall(c: Case): string {
  if (c === 'empty') return "({ open: () => document.getElementById('floor').showModal() })"
  const features =
    c === 'no-login' ? '{ analytics: false, email: false, socials: [] }' : '{ analytics: false }'
  const auth = c === 'cross-site' ? ", authUrl: '{frame}'" : ''
  return `WalletKit.init({ projectId: '${PROJECT_ID}', features: ${features}${auth} })`
}

/** The page: the script (not for `empty`), a bare dialog, the init call; as the peer page does. */
function page(c: Case, frameUrl: string): string {
  const script = c === 'empty' ? '' : '<script src="/walletkit.js"></script>'
  return `<!doctype html><html><head><meta charset="utf-8"><title>heap</title>${script}</head>
<body><h1>heap after open</h1><dialog id="floor">baseline dialog</dialog><script>
Promise.resolve(${initCall(c).replace('{frame}', frameUrl)}).then((kit) => { window.__kit = kit })
</script></body></html>`
}

/** A dialog, in the page or an open shadow root, with a box. */
const DIALOG_SHOWN = `(() => {
  const find = (root) => [...root.querySelectorAll('[role="dialog"],[role="alertdialog"],dialog[open]')]
    .concat(...[...root.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => find(e.shadowRoot)))
  return find(document).some((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 })
})()`

async function launch(c: Case): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'walletkit-heap-'))
  // cross-site: localhost must resolve (the stand-in frame's site); every other host still fails.
  const args = CHROME_ARGS.map((a) =>
    c === 'cross-site' && a.startsWith('--host-resolver-rules=') ? `${a}, EXCLUDE localhost` : a,
  )
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: false,
    args,
    viewport: VIEWPORT,
    serviceWorkers: 'block',
  })
  if (c !== 'cross-site') {
    // As the peer benchmark: Playwright aborts every request leaving 127.0.0.1, closes sockets.
    await context.route(
      (u) => u.hostname !== '127.0.0.1' && u.protocol !== 'data:' && u.protocol !== 'blob:',
      (route) => route.abort('blockedbyclient'),
    )
    await context.routeWebSocket(
      (u) => u.hostname !== '127.0.0.1',
      (ws) => void ws.close(),
    )
  }
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One cold load: the heap after open (bytes, after one forced collection), and a snapshot if asked. */
async function sample(c: Case, base: string, snapshot: string | null): Promise<number> {
  const { context, close } = await launch(c)
  try {
    const tab = context.pages()[0] ?? (await context.newPage())
    // As the peer benchmark: long tasks are counted by an init script (Playwright's), not the page.
    await tab.addInitScript(() => {
      const w = window as unknown as { __lt: number }
      w.__lt = 0
      new PerformanceObserver((l) => {
        w.__lt += l.getEntries().length
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(tab)
    let last = Date.now()
    tab.on('request', () => {
      last = Date.now()
    })
    await tab.goto(`${base}/blank`)
    await tab.goto(`${base}/page/${c}`)
    await tab.waitForFunction(() => (window as { __kit?: unknown }).__kit !== undefined)
    let longTasks = 0
    for (;;) {
      const n = await tab.evaluate(() => (window as unknown as { __lt: number }).__lt)
      if (n !== longTasks) [longTasks, last] = [n, Date.now()]
      if (Date.now() - last >= QUIET_MS) break
      await sleep(100)
    }
    await tab.evaluate(`(async () => {
      window.__kit.open()
      while (!${DIALOG_SHOWN}) await new Promise((r) => requestAnimationFrame(r))
    })()`)
    await sleep(afterOpenMs)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    if (snapshot) writeFileSync(snapshot, await takeSnapshot(cdp))
    return usedSize
  } finally {
    await close()
  }
}

async function takeSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = []
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  return chunks.join('')
}

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

/** V8's objects by type, the realms held, and the largest kinds (constructor or type) by self size. */
function summarise(text: string): string {
  const s = JSON.parse(text) as Snapshot
  const fields = s.snapshot.meta.node_fields
  const types = s.snapshot.meta.node_types[0]
  const [T, N, S] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [
    number,
    number,
    number,
  ]
  const byType = new Map<string, number>()
  const byKind = new Map<string, number>()
  const realms: string[] = []
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const type = types[s.nodes[i + T] ?? 0] ?? '?'
    const name = s.strings[s.nodes[i + N] ?? 0] ?? ''
    const size = s.nodes[i + S] ?? 0
    if (name.startsWith('system / NativeContext')) realms.push(name.slice(23) || '(no URL)')
    // Blink's objects live outside V8's heap: usedSize does not count them.
    if (type === 'native') continue
    byType.set(type, (byType.get(type) ?? 0) + size)
    const kind =
      type === 'object'
        ? name.replace(/ @\d+$/, '').slice(0, 50)
        : `(${type}) ${type === 'code' || type === 'object shape' ? name.slice(0, 40) : ''}`
    byKind.set(kind, (byKind.get(kind) ?? 0) + size)
  }
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${kib(v).padStart(11)}  ${k}`)
      .join('\n')
  return [
    `realms: ${realms.join(' | ')}`,
    'V8 objects by type (self size):',
    rows(byType, 12),
    `largest kinds (self size, top ${top}):`,
    rows(byKind, top),
  ].join('\n')
}

async function main(): Promise<void> {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` first.`)
  const bundle = readFileSync(BUNDLE)
  const server = createServer((req, res) => {
    const headers = { 'cache-control': 'no-store' }
    const url = req.url ?? '/'
    const html = (body: string) => {
      res.writeHead(200, { ...headers, 'content-type': 'text/html' })
      res.end(body)
    }
    if (url === '/walletkit.js') {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript' })
      res.end(bundle)
    } else if (url.startsWith('/page/')) {
      const port = (server.address() as AddressInfo).port
      html(page(url.slice(6) as Case, `http://localhost:${port}/frame`))
    } else if (url.startsWith('/frame')) html('<!doctype html><title>login frame stand-in</title>')
    else if (url === '/blank') html('<!doctype html>')
    else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const summaries: string[] = []
  try {
    for (const c of cases) {
      const sizes: number[] = []
      for (let i = 0; i < samples; i++) {
        const file = i === 0 ? join(out, `heap-open-${c}.heapsnapshot`) : null
        sizes.push(await sample(c, base, file))
        if (file) summaries.push(`## ${c} (${file})\n${summarise(readFileSync(file, 'utf8'))}`)
      }
      const m = median(sizes) ?? 0
      console.log(
        `${c.padEnd(10)} heap after open ${(m / MIB).toFixed(2)} MiB (${m} B; ${sizes.map((x) => (x / MIB).toFixed(2)).join(', ')})`,
      )
    }
  } finally {
    server.close()
  }
  console.log(`\n${summaries.join('\n\n')}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
