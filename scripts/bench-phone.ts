// A phone visitor's Connect: what preparing the WalletConnect pairing ahead of the tap costs, in
// headless Chromium on an iPhone-sized touch screen with the CPU 4× slower. Run after
// `npm run build`:
//
//   tsx scripts/bench-phone.ts [--samples 5] [--rate 4] [--desktop] [--profile] [--steps]
//
// With --desktop, the same on a desktop-sized window with a mouse, where nothing is prepared: the
// cost of opening Connect alone, for comparison (it waits 3 s after open() instead of the URI).
//
// Per sample, a fresh context loads the blank host page and the kit; with the modal closed it
// waits for a quiet second and counts the sockets opened to the relay (the privacy rule: none
// before the modal opens). Then, throttled, open() shows Connect and the pairing is prepared; from
// the call until the pairing URI has come back and a second has passed, it records the long tasks
// (PerformanceObserver, wall ms) and the longest main-thread task's CPU time (trace), of all the
// tasks and of those that started after the modal's first frame (what opening left for later: on a
// phone, preparing the pairing; the page marks both moments with console.timeStamp).
//
// --profile: one more sample under the CPU profiler (not counted: the profiler slows the page),
// printing each stretch of main-thread work over 30 ms with its hottest functions, named through the
// bundle's source map, then each task after the first frame over 20 ms of CPU with its own.
//
// --steps: every sample under the CPU profiler (a coarse 0.5 ms interval), to tell the pairing's
// own tasks after the first frame (those running WalletConnect, the curves and ciphers, or the
// kit's WalletConnect code) from the Connect view's; prints the three longest with the functions
// that name them. Their CPU times include the profiler's cost: compare them between builds only.
//
// A benchmark, not a test: a task over 50 ms is reported as FAIL, never as an exit code. It exits
// non-zero only when it could not measure.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { countProposals, waitForProposals } from '../test/e2e/walletconnect/support/navigations'
import { startStack } from '../test/stack/index'
import { PROJECT_ROOT } from '../test/stack/static-server'
import { analyseProfile, analyseTasks, type CpuProfile, printStretches } from './bench/profile'
import { CHROME_ARGS, CHROMIUM, median, sleep, stackKitOptions, traceTasks } from './bench-common'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const SAMPLES = arg('samples', 5)
const RATE = arg('rate', 4)
const LONG_TASK_MS = 50
const DESKTOP = process.argv.includes('--desktop')
const PROFILE = process.argv.includes('--profile')
const STEPS = process.argv.includes('--steps')
/** Where the pairing's own code is, in the profile's source-mapped locations. */
const PAIRING_CODE =
  /@walletconnect|@noble|embed\/shims|walletconnect-load|connectors\/walletconnect/

if (!existsSync(join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js'))) {
  console.error('cdn-dist/walletkit.js is missing: run `npm run build` first.')
  process.exit(1)
}

const stack = await startStack({ chains: true })
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: CHROME_ARGS,
})

type Sample = {
  /** Sockets opened to the relay before open(). */
  socketsBefore: number
  /** Proposals made before open() (read in the page). */
  proposalsBefore: number
  /** Long tasks from open() to a second after the pairing URI, wall ms. */
  longTasks: number[]
  /** The longest main-thread task in that time, CPU ms. */
  maxCpuMs: number
  /** The longest task that started after the modal's first frame (the pairing's work), CPU ms. */
  afterFrameCpuMs: number
  /** The three longest tasks after that frame, CPU ms (the next ones to shorten). */
  afterFrameTop: number[]
  /** open() to the prepared pairing's URI, wall ms (throttled). */
  uriMs: number
  /** With --steps: the pairing's three longest tasks after the first frame, CPU ms and names. */
  steps?: string[]
  /** With --steps: the pairing's longest task after the first frame, CPU ms (profiled). */
  stepMaxMs?: number
}

async function sample(profile = false): Promise<Sample> {
  const context = await browser.newContext(
    DESKTOP
      ? { viewport: { width: 1280, height: 800 } }
      : {
          viewport: { width: 390, height: 844 },
          userAgent:
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
          isMobile: true,
          hasTouch: true,
        },
  )
  // tsx names the functions it compiles with a helper of its own, which a page does not have.
  await context.addInitScript('window.__name = (f) => f')
  await countProposals(context)
  await context.addInitScript(() => {
    const w = window as unknown as { __lt: number[][]; __wkReady: boolean }
    w.__lt = []
    w.__wkReady = false
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lt.push([e.startTime, e.duration])
    }).observe({ type: 'longtask', buffered: true })
    addEventListener('walletkit:ready', () => {
      w.__wkReady = true
    })
  })
  const page = await context.newPage()
  let sockets = 0
  page.on('websocket', (ws) => {
    if (ws.url().startsWith(stack.urls.relay)) sockets++
  })
  await page.goto(`${stack.urls.app}/test/e2e/pages/blank.html`)
  await page.evaluate(
    (o) => (window as unknown as { WalletKit: { init(o: unknown): unknown } }).WalletKit.init(o),
    stackKitOptions(stack),
  )
  await page.waitForFunction('window.__wkReady === true')
  await sleep(1000)
  const socketsBefore = sockets
  const proposalsBefore = await page.evaluate('window.__wkProposals.count')

  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
  const t0: number = await page.evaluate('performance.now()')
  const steps = STEPS && !profile
  if (profile || steps) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: steps ? 500 : 100 })
    await cdp.send('Profiler.start')
  }
  let uriMs = 0
  // The page marks the call and the first frame after it in the trace: the tasks that start after
  // that frame are what opening left for later (on a phone, preparing the pairing).
  const { tasks, marks } = await traceTasks(cdp, async () => {
    await page.evaluate(`console.timeStamp('wk-open'); WalletKit.init().open();
      requestAnimationFrame(() => setTimeout(() => console.timeStamp('wk-frame')))`)
    if (DESKTOP) await sleep(2000)
    else await waitForProposals(page, 1)
    uriMs = Math.round((await page.evaluate<number>('performance.now()')) - t0)
    await sleep(1000)
  })
  const frame = marks.get('wk-frame') ?? Number.POSITIVE_INFINITY
  const cpu = (list: typeof tasks) => Math.round(Math.max(0, ...list.map((t) => t.cpuMs)))
  const maxCpuMs = cpu(tasks)
  const afterFrameCpuMs = cpu(tasks.filter((t) => t.ts > frame))
  const afterFrameTop = tasks
    .filter((t) => t.ts > frame)
    .map((t) => Math.round(t.cpuMs))
    .sort((a, b) => b - a)
    .slice(0, 3)
  let pairingTasks: { cpuMs: number; names: string }[] = []
  if (steps) {
    const stopped = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    const map = join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js.map')
    pairingTasks = analyseTasks(
      stopped.profile,
      tasks.filter((t) => t.ts > frame),
      5,
      map,
    )
      .filter((t) => [...t.inclusive, ...t.self].some((f) => PAIRING_CODE.test(f.where)))
      .sort((a, b) => b.durationMs - a.durationMs)
      .map((t) => ({
        cpuMs: Math.round(t.durationMs),
        names: t.inclusive
          .map((f) => f.name)
          .filter((name) => /^[a-zA-Z]{4,}/.test(name))
          .slice(0, 3)
          .join('/'),
      }))
  }
  if (profile) {
    const stopped = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    const map = join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js.map')
    console.log('\nCPU profile of one more sample (slower under the profiler):')
    printStretches(analyseProfile(stopped.profile, 30, map), 'no stretch over 30 ms')
    console.log('\nThe same sample, task by task after the first frame (CPU time over 20 ms):')
    const after = tasks.filter((t) => t.ts > frame)
    printStretches(analyseTasks(stopped.profile, after, 20, map), 'no task over 20 ms', 'task, CPU')
  }
  const longTasks = (await page.evaluate<number[][]>('window.__lt'))
    .filter(([start = 0, duration = 0]) => start + duration >= t0)
    .map(([, duration = 0]) => Math.round(duration))
  await context.close()
  return {
    socketsBefore,
    proposalsBefore: Number(proposalsBefore),
    longTasks,
    maxCpuMs,
    afterFrameCpuMs,
    afterFrameTop,
    uriMs,
    ...(steps && {
      steps: pairingTasks.slice(0, 3).map((t) => `${t.cpuMs} ${t.names}`),
      stepMaxMs: pairingTasks[0]?.cpuMs ?? 0,
    }),
  }
}

const samples: Sample[] = []
try {
  for (let i = 0; i < SAMPLES; i++) {
    samples.push(await sample())
    console.log(`sample ${i + 1}: ${JSON.stringify(samples.at(-1))}`)
  }
  if (PROFILE) await sample(true)
} finally {
  await browser.close()
  await stack.stop()
}

const longest = Math.max(0, ...samples.flatMap((s) => s.longTasks))
const before = Math.max(...samples.map((s) => s.socketsBefore + s.proposalsBefore))
console.log(`
| figure (${DESKTOP ? 'desktop, ' : ''}${SAMPLES} samples, CPU ${RATE}× slower) | value | target |
|---|---|---|
| relay sockets and proposals before open() | ${before} | 0 ${before === 0 ? 'PASS' : 'FAIL'} |
| open() → prepared pairing URI, median | ${median(samples.map((s) => s.uriMs))} ms | |
| long tasks (> ${LONG_TASK_MS} ms wall) | ${samples.flatMap((s) => s.longTasks).length}, longest ${longest} ms | 0 ${longest > LONG_TASK_MS ? 'FAIL' : 'PASS'} |
| longest task's CPU time, median | ${median(samples.map((s) => s.maxCpuMs))} ms | ≤ ${LONG_TASK_MS} ms |
| longest task after the first frame (CPU), median | ${median(samples.map((s) => s.afterFrameCpuMs))} ms | ≤ ${LONG_TASK_MS} ms |${
  STEPS
    ? `
| the pairing's longest task (CPU, profiled), median | ${median(samples.map((s) => s.stepMaxMs ?? 0))} ms | |`
    : ''
}`)
