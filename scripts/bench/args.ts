// The command line of `npm run bench` (scripts/bench.ts): its options, their defaults and usage().
import { join, resolve } from 'node:path'
import { BUNDLE, ROOT, VARIANTS, type VariantId } from './settings'

/** The options of one run, defaults filled in. */
export interface Args {
  samples: number
  variants: VariantId[]
  out: string
  profile: boolean
  peers: boolean
  peersDir: string
  peersCpu: number
  plain: boolean
  bundle: string
  lifecycle: boolean
  open: boolean
  openSamples: number
  writeBaseline: boolean
}

/** The text `--help` prints, and a usage error after its message. */
export function usage(): string {
  return [
    'Usage: tsx scripts/bench.ts [options]',
    '  --samples N        cold page loads per variant (default 7; at least 5 for figures worth quoting)',
    '  --variants off,on  which pages: analytics off (the reference) and/or on (default both)',
    '  --out FILE         results JSON (default test-results/bench.json)',
    '  --profile          one extra, unmeasured load per variant under the CDP CPU profiler: names the',
    '                     functions that are hot during load (writes test-results/bench-<variant>.cpuprofile)',
    '  --peers            afterwards run the peer benchmark with this bundle as one more row',
    '  --peers-dir DIR    where the peer benchmark is (default ../shared/bench)',
    '  --peers-cpu N      run it with the CPU throttled N× (4 ≈ a mid-range phone); the startup targets',
    '                     printed after it are those of that rate',
    '  --bundle FILE      measure this file instead of cdn-dist/walletkit.js (its .map beside it is used too)',
    '  --skip-plain       skip the diagnostic loads in a Chromium with no DevTools protocol client',
    '  --skip-lifecycle   skip SECURITY.md row 27: 1 000 open/close and 100 init/destroy cycles (heap, listeners)',
    '  --skip-open        skip open() per view beside a bare dialog, at 1× and 4× CPU (scripts/bench-open.ts)',
    '  --open-samples N   cold loads per view for that (default 5)',
    '  --write-baseline   store its medians in docs/bench-open-baseline.json, which later runs compare with',
  ].join('\n')
}

/**
 * Reads the command line. `--help` prints usage() and exits.
 *
 * @throws {UsageError} On an unknown option, a missing value or a value out of range.
 */
export function parseArgs(argv: string[]): Args {
  const args: Args = {
    samples: 7,
    variants: ['off', 'on'],
    out: join(ROOT, 'test-results', 'bench.json'),
    profile: false,
    peers: false,
    peersDir: resolve(ROOT, '..', 'shared', 'bench'),
    peersCpu: 1,
    plain: true,
    bundle: BUNDLE,
    lifecycle: true,
    open: true,
    openSamples: 5,
    writeBaseline: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]
    const value = (): string => {
      const next = argv[++i]
      if (next === undefined) throw new UsageError(`missing value for ${key}`)
      return next
    }
    if (key === '--samples') args.samples = Number(value())
    else if (key === '--variants') {
      const list = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const v of list)
        if (!(v in VARIANTS)) throw new UsageError(`unknown variant ${v} (off, on)`)
      args.variants = list as VariantId[]
    } else if (key === '--out') args.out = resolve(value())
    else if (key === '--profile') args.profile = true
    else if (key === '--peers') args.peers = true
    else if (key === '--peers-dir') args.peersDir = resolve(value())
    else if (key === '--peers-cpu') args.peersCpu = Number(value())
    else if (key === '--skip-plain') args.plain = false
    else if (key === '--skip-lifecycle') args.lifecycle = false
    else if (key === '--skip-open') args.open = false
    else if (key === '--open-samples') args.openSamples = Number(value())
    else if (key === '--write-baseline') args.writeBaseline = true
    else if (key === '--bundle') args.bundle = resolve(value())
    else if (key === '-h' || key === '--help') {
      console.log(usage())
      process.exit(0)
    } else throw new UsageError(`unknown argument ${key}`)
  }
  if (!Number.isInteger(args.samples) || args.samples < 1)
    throw new UsageError('--samples must be a whole number ≥ 1')
  if (!(args.peersCpu >= 1)) throw new UsageError('--peers-cpu must be a number ≥ 1')
  if (!args.variants.length) throw new UsageError('--variants is empty')
  return args
}

/** A command line the bench cannot run with: printed with usage(), exit status 2. */
export class UsageError extends Error {}
