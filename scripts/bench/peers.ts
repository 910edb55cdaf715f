// The peer benchmark (../shared/bench): its last results, read to put ours beside them, and `--peers`,
// which runs it with this bundle as one more row.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT } from './settings'
import { renderStartupVerdicts } from './startup-targets'
import type { Stats } from './stats'

/** One kit's row in the peer benchmark's results (the figures the tables show). */
export interface PeerRow {
  id: string
  label: string
  samplesOk: number
  jsBeforeVisible?: { gzip: Stats; brotli: Stats; raw: Stats }
  readyMs?: Stats
  longTaskLoadMs?: Stats
  scriptDurationMs?: Stats
  openMs?: Stats
  longTaskOpenMs?: Stats
  heapUsedAfterOpenBytes?: Stats
}

/** The peer benchmark's last results (the kits that measured), or null when there are none. */
export function readPeers(
  peersDir: string,
): { file: string; generatedAt: string; peers: PeerRow[] } | null {
  const file = join(peersDir, 'results', 'peers.json')
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as { generatedAt: string; peers: PeerRow[] }
    return { file, generatedAt: o.generatedAt, peers: o.peers.filter((p) => p.samplesOk > 0) }
  } catch {
    return null
  }
}

/** What readPeers() gives. */
export type Peers = ReturnType<typeof readPeers>

/**
 * Runs the peer benchmark with `bundleFile` as one more row and prints its table; says how to set it
 * up when it is not.
 *
 * @returns The exit status it adds: 1 when it ran and failed, else 0.
 */
export function runPeers(peersDir: string, bundleFile: string, cpu = 1): number {
  const setupHint = [
    `The peer benchmark is not set up in ${peersDir} (no peers/ or node_modules/ there). Set it up once`,
    '(needs the npm registry, ~3 min, writes peers/ and node_modules/ there), then run again:',
    `  (cd ${relative(ROOT, peersDir) || '.'} && bash setup-peers.sh)`,
    '  npm run bench -- --peers',
  ].join('\n')
  if (!existsSync(join(peersDir, 'run-peers.mjs'))) {
    console.log(`\nNo peer benchmark at ${peersDir} (run-peers.mjs is missing).`)
    return 0
  }
  if (!existsSync(join(peersDir, 'peers')) || !existsSync(join(peersDir, 'node_modules'))) {
    console.log(`\n${setupHint}`)
    return 0
  }
  const out = cpu > 1 ? `with-ours-cpu${cpu}` : 'with-ours'
  const args = [
    'run-peers.mjs',
    '--ours',
    bundleFile,
    '--ours-call',
    "WalletKit.init({projectId:'0123456789abcdef0123456789abcdef', features:{analytics:false}})",
    '--only',
    'baseline,appkit-cdn,web3-onboard,rainbowkit,ours',
    '--out',
    `results/${out}`,
    '--no-screenshots',
    ...(cpu > 1 ? ['--cpu', String(cpu)] : []),
  ]
  console.log(
    `\n▶ peer benchmark: (cd ${peersDir} && node ${args.map((a) => (/[\s'(){},]/.test(a) ? `"${a}"` : a)).join(' ')})`,
  )
  const result = spawnSync(process.execPath, args, { cwd: peersDir, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`peer benchmark failed (exit ${result.status ?? result.signal})`)
    return 1
  }
  const table = join(peersDir, 'results', `${out}.md`)
  console.log(`\nPeer table with ours: ${table} (and ${out}.json beside it)`)
  try {
    const lines = readFileSync(table, 'utf8').split('\n')
    const first = lines.findIndex((l) => l.startsWith('|'))
    const end = lines.findIndex((l, i) => i > first && !l.startsWith('|'))
    if (first >= 0) console.log(`\n${lines.slice(first, end < 0 ? undefined : end).join('\n')}`)
  } catch {
    // The path was printed; the table itself is a convenience.
  }
  try {
    const run = JSON.parse(readFileSync(join(peersDir, 'results', `${out}.json`), 'utf8')) as {
      peers: PeerRow[]
    }
    console.log(`\n${renderStartupVerdicts(run.peers, cpu)}`)
  } catch (error) {
    console.error(`startup targets not judged: ${(error as Error).message}`)
    return 1
  }
  return 0
}
