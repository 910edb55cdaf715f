// `npm run bench`: load, init, open and memory cost of cdn-dist/walletkit.js in headless Chromium,
// measured like the peer benchmark in ../shared/bench (see docs/benchmarks.md), so the figures can be
// put beside the peers' medians. Run after `npm run build`.
//
//   tsx scripts/bench.ts [--samples 7] [--variants off,on] [--out test-results/bench.json]
//                        [--profile] [--peers] [--peers-dir ../shared/bench]
//
// A missed target is reported, never an exit code: the script exits non-zero only when it could not
// measure (no bundle, a page that failed to init or open, a browser that did not start).
//
// This file only composes; each part of the measurement is a module under scripts/bench/ (the
// settings and arguments, one sample, the CPU profile, the loads without a protocol client, the
// summary and tables, the peer benchmark).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import { dirname, join, relative } from 'node:path'
import { startStack } from '../test/stack/index'
import { type Args, parseArgs, UsageError, usage } from './bench/args'
import { bundleSizes, describeSource, shownPath } from './bench/bundle'
import { describeMachine, METHOD } from './bench/method'
import { readPeers, runPeers } from './bench/peers'
import { summarisePlain } from './bench/plain'
import { type LoadProfile, printProfile, profileLoad } from './bench/profile'
import { runRounds } from './bench/rounds'
import type { SampleOk } from './bench/sample'
import { serveBench } from './bench/server'
import { TARGETS, VARIANTS, type VariantId } from './bench/settings'
import { kib } from './bench/stats'
import { printNotes, type Summary, summarise } from './bench/summary'
import { renderTables } from './bench/tables'
import { CHROMIUM } from './bench-common'
import { type LifecycleResult, renderLifecycle, runLifecycleBench } from './bench-lifecycle'
import { type OpenBenchResult, renderOpen, runOpenBench, writeBaseline } from './bench-open'

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2))
  if (!existsSync(args.bundle)) {
    console.error(`${shownPath(args.bundle)} is missing: run \`npm run build\` first.`)
    return 1
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `No Chromium at ${CHROMIUM} (set CHROMIUM=…, or run node scripts/ensure-chromium.mjs).`,
    )
    return 1
  }
  if (args.samples < 5)
    console.warn(`note: ${args.samples} samples; use at least 5 for figures worth quoting`)
  const outDir = dirname(args.out)
  mkdirSync(outDir, { recursive: true })

  // A snapshot, so that a rebuild while the bench runs cannot change what is measured.
  const snapshot = join(mkdtempSync(join(os.tmpdir(), 'walletkit-bench-bundle-')), 'walletkit.js')
  copyFileSync(args.bundle, snapshot)
  if (existsSync(`${args.bundle}.map`)) copyFileSync(`${args.bundle}.map`, `${snapshot}.map`)
  const bundle = bundleSizes(snapshot)
  const bundleCode = readFileSync(snapshot)
  const source = describeSource(args.bundle)
  const loadAtStart = os.loadavg().map((x) => +x.toFixed(2))
  const started = Date.now()
  const stack = await startStack()
  let rounds: Awaited<ReturnType<typeof runRounds>>
  const profiles: LoadProfile[] = []
  let lifecycle: LifecycleResult | undefined
  let openResult: OpenBenchResult | undefined
  try {
    const nextReport = serveBench(stack, bundleCode)
    console.log(
      `WalletKit bench: ${args.samples} cold loads × ${args.variants.map((v) => VARIANTS[v].label).join(', ')} (${shownPath(args.bundle)}, ${kib(bundle.raw)} KiB, sha256 ${bundle.sha256.slice(0, 12)})`,
    )
    rounds = await runRounds(stack, args, nextReport)
    if (args.profile)
      for (const variant of args.variants) {
        const p = await profileLoad(stack, variant, outDir, `${snapshot}.map`)
        profiles.push(p)
        console.log(`profiled ${VARIANTS[variant].label}: ${p.files.join(', ')}`)
      }
    if (args.lifecycle) {
      console.log('SECURITY.md row 27: 1 000 open/close and 100 init/destroy cycles…')
      lifecycle = await runLifecycleBench(stack, { bundle: snapshot })
    }
    if (args.open) {
      console.log('open() per view beside a bare dialog, at 1× and 4× CPU…')
      openResult = await runOpenBench(stack, { samples: args.openSamples, rates: [1, 4] })
    }
  } finally {
    await stack.stop()
  }

  const { samples, plainSamples } = rounds
  const variants: Partial<Record<VariantId, Summary>> = {}
  for (const v of args.variants) variants[v] = summarise(samples[v])
  const plain = args.plain ? summarisePlain(plainSamples) : null
  const firstOk = Object.values(samples)
    .flat()
    .find((s): s is SampleOk => s.ok)
  const machine = describeMachine(loadAtStart, firstOk?.userAgent ?? null)
  const result = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 1000),
    machine,
    bundle: { file: shownPath(args.bundle), ...bundle, source },
    samplesPerVariant: args.samples,
    lifecycle: lifecycle ?? null,
    openPerView: openResult ?? null,
    targets: {
      gzipBytes: TARGETS.gzipBytes,
      openFrames: TARGETS.openFrames,
      longTaskLoadMaxMs: TARGETS.longTaskLoadMaxMs,
    },
    method: METHOD,
    variants,
    plain,
    profiles,
    samples: Object.fromEntries(args.variants.map((v) => [v, samples[v]])),
    plainSamples,
  }
  writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`)

  const peers = readPeers(args.peersDir)
  console.log(`\n## WalletKit benchmark, ${result.generatedAt}\n`)
  console.log(
    `Machine: ${machine.nproc} CPUs (${machine.cpu}), load average ${machine.loadavgAtStart.join(' / ')} at start, ${machine.loadavgAtEnd.join(' / ')} at end; ${machine.chromium ?? 'chromium ?'}; Node ${machine.node}.\n`,
  )
  console.log(
    `Bundle: ${result.bundle.file}, sha256 ${bundle.sha256.slice(0, 12)}${
      source
        ? `, built from git ${source.gitHead ?? '?'}${source.uncommittedSrcFiles ? ` with ${source.uncommittedSrcFiles} uncommitted file(s) under src/` : ''}`
        : ''
    }.\n`,
  )
  console.log(renderTables(result, peers))
  printOtherBenches(args, lifecycle, openResult)
  printNotes(variants)
  for (const p of profiles) printProfile(p)
  console.log(`\nwrote ${relative(process.cwd(), args.out)} (${result.durationS} s)`)

  let code = 0
  const failed =
    Object.values(variants).reduce((n, s) => n + (s ? s.samplesTotal - s.samplesOk : 0), 0) +
    (plain ? plain.samplesTotal - plain.samplesOk : 0)
  if (plain?.failures.length)
    console.error(`\nno protocol client: ${[...new Set(plain.failures)].join('; ')}`)
  if (failed) {
    console.error(
      `\n${failed} sample(s) could not be measured: see the notes above and ${relative(process.cwd(), args.out)}`,
    )
    code = 1
  }
  if (args.peers && runPeers(args.peersDir, snapshot, args.peersCpu) !== 0) code = 1
  rmSync(dirname(snapshot), { recursive: true, force: true })
  return code
}

/** SECURITY.md row 27 and open() per view, when they ran (and `--write-baseline`'s file). */
function printOtherBenches(
  args: Args,
  lifecycle: LifecycleResult | undefined,
  openResult: OpenBenchResult | undefined,
): void {
  if (lifecycle)
    console.log(
      `\nSECURITY.md row 27 (${lifecycle.durationS} s, one Chromium, analytics off):\n${renderLifecycle(lifecycle)}`,
    )
  if (openResult) {
    console.log(`\n${renderOpen(openResult)}`)
    if (args.writeBaseline) {
      writeBaseline(openResult)
      console.log('wrote docs/bench-open-baseline.json')
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage()}`)
      process.exit(2)
    }
    console.error(error)
    process.exit(1)
  },
)
