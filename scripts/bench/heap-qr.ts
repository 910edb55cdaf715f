// What holds the heap the WalletConnect QR views grow by (issue 31 G4, docs/benchmarks.md). One
// Chromium on the stack, not connected: the basic QR view opened N times (open → QR code shown →
// close), a heap snapshot after two forced collections at `--first` and at `--second` openings,
// then the two compared by constructor (count, self size), with one retainer path (the shortest
// from the root, strong edges only) for a node of each top grower that only the second holds.
//
//   tsx scripts/bench/heap-qr.ts [--first 20] [--second 120] [--top 25] [--paths 3]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CDPSession } from 'playwright-core'
import { initKit } from '../../test/e2e/support/churn'
import { HostPage, PAGES } from '../../test/e2e/support/host-page'
import { startStack } from '../../test/stack/index'
import { launchCold } from '../bench-common'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const first = arg('--first', 20)
const second = arg('--second', 120)
const top = arg('--top', 25)
const paths = arg('--paths', 3)
const out = join(resolve(fileURLToPath(new URL('../..', import.meta.url))), 'test-results')
mkdirSync(out, { recursive: true })

/** Opens the basic QR view `n` times, each until its QR code is shown, then closes it. */
const cycle = (n: number) => `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
  const root = () => document.querySelector('walletkit-modal')?.shadowRoot;
  const until = async (test, what) => {
    const start = Date.now();
    while (!test()) {
      if (Date.now() - start > 20000) throw new Error('heap-qr: no ' + what + ' after 20 s');
      await frame();
    }
  };
  const kit = WalletKit.init();
  for (let i = 0; i < ${n}; i++) {
    await kit.open({ view: 'ConnectingWalletConnectBasic' });
    await until(() => root()?.querySelector('[data-testid="wk-wc-status"][data-status="ready"]'), 'QR code');
    kit.close();
    await until(() => !root()?.querySelector('[data-testid="wk-dialog"]')?.open, 'closed dialog');
  }
})()`

async function snap(cdp: CDPSession, file: string): Promise<string> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const chunks: string[] = []
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const text = chunks.join('')
  writeFileSync(join(out, file), text)
  return text
}

type Heap = {
  count: number
  nf: number
  ef: number
  nodes: number[]
  edges: number[]
  strings: string[]
  nodeTypes: string[]
  edgeTypes: string[]
  f: { type: number; name: number; id: number; self_size: number; edge_count: number }
  e: { type: number; name_or_index: number; to_node: number }
  firstEdge: Int32Array
}

function parse(text: string): Heap {
  const s = JSON.parse(text)
  const meta = s.snapshot.meta
  const at = (fields: string[]) => (n: string) => fields.indexOf(n)
  const nfi = at(meta.node_fields)
  const efi = at(meta.edge_fields)
  const f = {
    type: nfi('type'),
    name: nfi('name'),
    id: nfi('id'),
    self_size: nfi('self_size'),
    edge_count: nfi('edge_count'),
  }
  const e = { type: efi('type'), name_or_index: efi('name_or_index'), to_node: efi('to_node') }
  const nf = meta.node_fields.length
  const ef = meta.edge_fields.length
  const count = s.nodes.length / nf
  const firstEdge = new Int32Array(count + 1)
  for (let i = 0, acc = 0; i < count; i++) {
    firstEdge[i] = acc
    acc += (s.nodes[i * nf + f.edge_count] ?? 0) * ef
    firstEdge[i + 1] = acc
  }
  return {
    count,
    nf,
    ef,
    nodes: s.nodes,
    edges: s.edges,
    strings: s.strings,
    nodeTypes: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    f,
    e,
    firstEdge,
  }
}

/** The numbers and strings of a snapshot, read with 0 and '' for a missing index. */
const num = (a: ArrayLike<number>, i: number) => a[i] ?? 0
const str = (a: readonly string[], i: number) => a[i] ?? ''

/** A node's class: its constructor for objects, its type for strings, code, arrays and the rest. */
function kind(h: Heap, i: number): string {
  const type = str(h.nodeTypes, num(h.nodes, i * h.nf + h.f.type))
  const name = str(h.strings, num(h.nodes, i * h.nf + h.f.name))
  if (type === 'object' || type === 'native') return name.slice(0, 60)
  if (type === 'closure') return `closure ${name.slice(0, 40)}`
  return `(${type})`
}

function byKind(h: Heap): Map<string, { count: number; size: number }> {
  const m = new Map<string, { count: number; size: number }>()
  for (let i = 0; i < h.count; i++) {
    const k = kind(h, i)
    const v = m.get(k) ?? { count: 0, size: 0 }
    v.count++
    v.size += num(h.nodes, i * h.nf + h.f.self_size)
    m.set(k, v)
  }
  return m
}

/** Parent of each node on a shortest path from the root (node 0), over strong edges. */
function parents(h: Heap): { node: Int32Array; edge: Int32Array } {
  const node = new Int32Array(h.count).fill(-1)
  const edge = new Int32Array(h.count).fill(-1)
  node[0] = 0
  const queue = [0]
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q] ?? 0
    for (let j = num(h.firstEdge, from); j < num(h.firstEdge, from + 1); j += h.ef) {
      const type = str(h.edgeTypes, num(h.edges, j + h.e.type))
      if (type === 'weak' || type === 'shortcut') continue
      const to = num(h.edges, j + h.e.to_node) / h.nf
      if (num(node, to) !== -1) continue
      node[to] = from
      edge[to] = j
      queue.push(to)
    }
  }
  return { node, edge }
}

function label(h: Heap, i: number): string {
  const name = str(h.strings, num(h.nodes, i * h.nf + h.f.name))
    .replace(/\s+/g, ' ')
    .slice(0, 50)
  return `${str(h.nodeTypes, num(h.nodes, i * h.nf + h.f.type))} ${name}`
}

function path(h: Heap, p: ReturnType<typeof parents>, target: number): string {
  const steps: string[] = []
  for (let i = target; i !== 0 && num(p.node, i) !== -1 && steps.length < 40; i = num(p.node, i)) {
    const j = num(p.edge, i)
    const type = str(h.edgeTypes, num(h.edges, j + h.e.type))
    const n = num(h.edges, j + h.e.name_or_index)
    const name = type === 'element' || type === 'hidden' ? `[${n}]` : h.strings[n]
    steps.push(`${label(h, i)}  ← .${name} of`)
  }
  return steps.length ? `${steps.join('\n    ')}\n    (root)` : '(unreachable from the root)'
}

const stack = await startStack({ chains: true })
const browser = await launchCold()
try {
  const { context } = browser
  const page = await context.newPage()
  const host = new HostPage(page, stack)
  await host.goto(PAGES.blank)
  await initKit(page, host.options({ features: { analytics: false } }))
  const cdp = await context.newCDPSession(page)
  let t = Date.now()
  await page.evaluate(cycle(first))
  console.log(`${first} openings in ${Math.round((Date.now() - t) / 1000)} s`)
  const a = parse(await snap(cdp, `heap-qr-${first}.heapsnapshot`))
  t = Date.now()
  await page.evaluate(cycle(second - first))
  console.log(`${second - first} more in ${Math.round((Date.now() - t) / 1000)} s`)
  const b = parse(await snap(cdp, `heap-qr-${second}.heapsnapshot`))

  const n = second - first
  const ka = byKind(a)
  const kb = byKind(b)
  const total = (m: typeof ka) => [...m.values()].reduce((s, v) => s + v.size, 0)
  console.log(
    `\nSelf size in snapshots: ${(total(ka) / 1024).toFixed(0)} KiB → ${(total(kb) / 1024).toFixed(0)} KiB, ` +
      `${((total(kb) - total(ka)) / n / 1024).toFixed(1)} KiB per opening; nodes ${a.count} → ${b.count}\n`,
  )
  const grown = [...kb]
    .map(([k, v]) => ({
      k,
      dc: v.count - (ka.get(k)?.count ?? 0),
      ds: v.size - (ka.get(k)?.size ?? 0),
    }))
    .sort((x, y) => y.ds - x.ds)
    .slice(0, top)
  console.log('| kind | count Δ | per opening | self size Δ | per opening |')
  console.log('|---|--:|--:|--:|--:|')
  for (const g of grown)
    console.log(
      `| ${g.k} | ${g.dc} | ${(g.dc / n).toFixed(1)} | ${(g.ds / 1024).toFixed(1)} KiB | ${(g.ds / n).toFixed(0)} B |`,
    )

  const oldIds = new Set<number>()
  for (let i = 0; i < a.count; i++) oldIds.add(num(a.nodes, i * a.nf + a.f.id))
  const p = parents(b)
  for (const g of grown.slice(0, paths)) {
    // The largest node of that kind the first snapshot did not have.
    let best = -1
    for (let i = 0; i < b.count; i++) {
      if (kind(b, i) !== g.k || oldIds.has(num(b.nodes, i * b.nf + b.f.id))) continue
      if (
        best < 0 ||
        num(b.nodes, i * b.nf + b.f.self_size) > num(b.nodes, best * b.nf + b.f.self_size)
      )
        best = i
    }
    if (best < 0) continue
    console.log(
      `\n${g.k}: new node ${label(b, best)} (${num(b.nodes, best * b.nf + b.f.self_size)} B)`,
    )
    console.log(`    ${path(b, p, best)}`)
  }
} finally {
  await browser.close()
  await stack.stop()
}
