import type { CDPSession, Page } from 'playwright-core'
import { OPENABLE_VIEWS, PRODUCT_VIEWS, SPEC_VIEWS, type View } from '../../../src/core/types/view'
import { codeBytes } from './heap-code'
import { countListeners, PAGE_TARGETS, settleIdle } from './listeners'

/**
 * SECURITY.md row 27 / issue 31 G4, shared by `scripts/bench-churn.ts` (full counts) and
 * `test/e2e/lifecycle-churn.test.ts` (reduced counts): open/close cycles of every view, connected
 * and not, and init/destroy cycles, with the heap after GC, the DOM node count and the listeners on
 * window, document, the modal's host and its shadow root before and after each.
 */

/** Heap growth allowed over a whole run of cycles (SECURITY.md row 27). */
export const HEAP_LIMIT_BYTES = 1024 * 1024

/** One view opened and closed in a loop, in one connection state. */
export type ChurnCase = {
  view: View
  connected: boolean
  /** The view passed to `kit.open({ view })`. */
  open: string
  /** Clicked once the dialog is open, for a view reached through the UI. */
  click?: string
  /** The test id the cycle waits for; any `wk-view-*` when absent (the view may redirect). */
  expect?: string
}

/**
 * Views not cycled, each with why: they need a flow that cannot be repeated a thousand times on its
 * own (a sign-in, a connection attempt, a quote) or an init of their own. Every other view is.
 */
export const NOT_CHURNED: Partial<Record<View, string>> = {
  ConnectWallets: 'the Connect component again (features.collapseWallets)',
  ConnectingSiwe: 'the SIWXSignMessage component again',
  SIWXSignMessage: 'only while a required sign-in is pending (siwx)',
  ConnectingExternal: 'each entry starts a connection request to the wallet',
  UnsupportedChain: 'only while the wallet is on a network the site does not list',
  SwapPreview: 'needs a quote for a typed amount (the swap tests cover the flow)',
  ApproveTransaction: 'needs a swap that asks for an approval first',
  EmailVerifyOtp: 'needs an email sent to the login frame',
  EmailVerifyDevice: 'needs a login from a second device',
  ConnectingSocial: 'opens a popup window per entry',
  ConnectingFarcaster: 'needs the login frame to hand out a Farcaster link',
}

/** Every view the router knows that is not in {@link NOT_CHURNED}, in both states where it opens. */
export function churnCases(): ChurnCase[] {
  const cases: ChurnCase[] = []
  for (const connected of [false, true])
    for (const view of OPENABLE_VIEWS) cases.push({ view, connected, open: view })
  cases.push({
    view: 'WhatIsAWallet',
    connected: false,
    open: 'Connect',
    click: '[data-testid="wk-help"]',
    expect: 'wk-view-help',
  })
  cases.push({
    view: 'ConnectingWalletConnect',
    connected: false,
    open: 'Connect',
    click: '[data-testid="wk-wallet"][data-wallet-id="walletConnect"]',
    expect: 'wk-view-wc',
  })
  return cases
}

/** True for the views that propose a WalletConnect pairing each time they open (a QR code). */
export const pairs = (c: Pick<ChurnCase, 'view'>) =>
  c.view === 'ConnectingWalletConnect' || c.view === 'ConnectingWalletConnectBasic'

/** Views neither cycled nor listed as left out (empty when every view is accounted for). */
export function unaccountedViews(): View[] {
  const cycled = new Set<string>(churnCases().map((c) => c.view))
  return [...SPEC_VIEWS, ...PRODUCT_VIEWS].filter((v) => !cycled.has(v) && !(v in NOT_CHURNED))
}

/** What the page holds at one moment, after garbage collection. */
export type Snapshot = {
  heap: number
  /** Of it, V8's compiled code (heap-code.ts), when the plan measures it. */
  code?: number
  /** DOM nodes alive in the renderer (detached ones included until collected). */
  nodes: number
  /** Listeners per `target:type`: window, document, the modal's host and its shadow root. */
  listeners: Record<string, number>
}

/** One measured run: before and after, and what the page showed. */
export type ChurnResult = {
  label: string
  cycles: number
  before: Snapshot
  after: Snapshot
  /** The view test id the first cycle showed (open/close runs). */
  shown?: string
  /** A WalletConnect QR view (see {@link pairs}). */
  qr?: boolean
  /** Right after the cycles, when `after` was read once the abandoned pairings expired. */
  held?: Snapshot
}

/**
 * Collects garbage twice (the first pass may only queue finalisers), then reads the counters; with
 * `code`, also V8's compiled code from a heap snapshot (a few seconds).
 */
export async function snapshot(cdp: CDPSession, code = false): Promise<Snapshot> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  const { nodes } = await cdp.send('Memory.getDOMCounters')
  // The modal's host and its shadow root themselves, not their subtree: listeners on elements of
  // the view shown (an image's load, a list's scroll) come and go with what the view has loaded.
  const listeners = await countListeners(cdp, [
    ...PAGE_TARGETS,
    ['host', "document.querySelector('walletkit-modal')"],
    ['shadow', "document.querySelector('walletkit-modal')?.shadowRoot"],
  ])
  return { heap: usedSize, nodes, listeners, ...(code && { code: await codeBytes(cdp) }) }
}

/** `target:type before→after` for each listener count that changed (empty: back to the start). */
export function listenerChanges(r: ChurnResult): string[] {
  const { before, after } = { before: r.before.listeners, after: r.after.listeners }
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => (before[k] ?? 0) !== (after[k] ?? 0))
    .map((k) => `${k} ${before[k] ?? 0}→${after[k] ?? 0}`)
}

export const heapGrowth = (r: ChurnResult) => r.after.heap - r.before.heap

/** Growth of V8's compiled code over a run, when both ends measured it. */
export const codeGrowth = (r: ChurnResult): number | undefined =>
  r.after.code === undefined || r.before.code === undefined
    ? undefined
    : r.after.code - r.before.code

/**
 * The growth judged: the heap's, less V8's compiled code when it was measured. Code is bounded by
 * the program (a function optimised once stays optimised), so it is not held per cycle; counting it
 * made a view that holds nothing per opening fail on the code its 1 000 openings got optimised.
 */
export const judgedGrowth = (r: ChurnResult) => heapGrowth(r) - Math.max(0, codeGrowth(r) ?? 0)
const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0)

/** Why a result fails the row (empty: it passes). */
export function failures(r: ChurnResult): string[] {
  const out: string[] = []
  const growth = judgedGrowth(r)
  if (growth >= HEAP_LIMIT_BYTES)
    out.push(`heap +${growth} B${codeGrowth(r) === undefined ? '' : ' without V8 code'} ≥ 1 MB`)
  const changed = listenerChanges(r)
  if (changed.length) out.push(`listeners not back: ${changed.join(', ')}`)
  return out
}

// In-page code is kept as text: tsx would otherwise add helpers the page does not have.
const IN_PAGE = `
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
  const root = () => document.querySelector('walletkit-modal')?.shadowRoot;
  const dialog = () => root()?.querySelector('[data-testid="wk-dialog"]');
  const until = async (test, what) => {
    const start = Date.now();
    while (!test()) {
      if (Date.now() - start > 15000) throw new Error('churn: no ' + what + ' after 15 s');
      await frame();
    }
  };`

/** Opens and closes `c.view` `cycles` times; resolves with the view test id the first cycle showed. */
function cycle(page: Page, c: ChurnCase, cycles: number): Promise<string> {
  return page.evaluate(`(async () => {
    ${IN_PAGE}
    const kit = WalletKit.init();
    const view = () => ${
      c.expect
        ? `root()?.querySelector('[data-testid="${c.expect}"]')`
        : `dialog()?.querySelector('[data-testid^="wk-view-"]')`
    };
    let shown = '';
    for (let i = 0; i < ${cycles}; i++) {
      await kit.open({ view: ${JSON.stringify(c.open)} });
      await until(() => dialog()?.open, 'open dialog');
      ${
        c.click
          ? `await until(() => root()?.querySelector(${JSON.stringify(c.click)}), ${JSON.stringify(c.click)});
      root().querySelector(${JSON.stringify(c.click)}).click();`
          : ''
      }
      await until(view, 'view');
      shown ||= view().getAttribute('data-testid');
      kit.close();
      await until(() => !dialog()?.open, 'closed dialog');
    }
    return shown;
  })()`) as Promise<string>
}

/**
 * Inits (with `options`), waits for ready (and for the silent reconnect when `connected`), opens
 * and destroys, `cycles` times. Starts and ends with no kit alive.
 */
function initDestroy(
  page: Page,
  options: Record<string, unknown>,
  connected: boolean,
  cycles: number,
): Promise<unknown> {
  return page.evaluate(`(async () => {
    ${IN_PAGE}
    for (let i = 0; i < ${cycles}; i++) {
      const ready = new Promise((r) => addEventListener('walletkit:ready', r, { once: true }));
      const kit = WalletKit.init(${JSON.stringify(options)});
      await ready;
      ${connected ? "await until(() => kit.getState().status === 'connected', 'reconnect');" : ''}
      await kit.open();
      await until(() => dialog()?.open, 'open dialog');
      kit.destroy();
    }
  })()`)
}

/** Creates the page's kit with `options` and waits for `walletkit:ready`. */
export function initKit(page: Page, options: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(`(async () => {
    const ready = new Promise((r) => addEventListener('walletkit:ready', r, { once: true }));
    WalletKit.init(${JSON.stringify(options)});
    await ready;
  })()`)
}

/**
 * Opens the QR code once and waits for it: WalletConnect's core starts on the first QR view and
 * adds its own listeners once (the relay's `online`/`offline` on window). Started before the QR
 * runs, they are in every run's `before`; otherwise they land inside whichever run the start
 * happens to finish in, which depends on the machine's speed.
 */
async function startWalletConnect(page: Page): Promise<void> {
  await page.evaluate("WalletKit.init().open({ view: 'ConnectingWalletConnectBasic' })")
  await page.locator('[data-testid="wk-wc-status"][data-status="ready"]').waitFor()
  await page.evaluate('WalletKit.init().close()')
}

/** Counts and how the run reaches the connected state. */
export type ChurnPlan = {
  /** Open/close cycles measured per view. */
  cycles: number
  /** Init/destroy cycles measured per state. */
  initDestroyCycles: number
  /** Unmeasured cycles first, per run: the first opens load views, lists and balances. */
  warmup: number
  /** The same for the QR views (default `warmup`): their first openings compile WalletConnect's code. */
  qrWarmup?: number
  /** The options the page's kit was created with (init/destroy uses them again). */
  options: Record<string, unknown>
  /** Connects the test wallet through the modal; the page's kit is alive and closed. */
  connect: () => Promise<void>
  /** Only the cases this returns true for (all by default). */
  only?: (c: ChurnCase) => boolean
  /**
   * Wait after the WalletConnect QR cycles before `after` is read (default 0): the last QR code
   * left stays answerable until its proposal expires (5 min); the ones before it are ended by the
   * next (docs/benchmarks.md), so only one proposal is held when `after` is read at once.
   */
  pairingSettleMs?: number
  /** Called after each result (progress). */
  onResult?: (r: ChurnResult) => void
  /** Also measure V8's compiled code before and after each run (heap snapshots; the bench does). */
  measureCode?: boolean
}

/**
 * Runs every case on `page` (the blank page with a ready kit created with `plan.options` and a test
 * wallet installed, not connected): the disconnected views, init/destroy, the connect, the
 * connected views, init/destroy again, then the QR views connected, and after a disconnect, not.
 */
export async function runChurn(page: Page, plan: ChurnPlan): Promise<ChurnResult[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  const results: ChurnResult[] = []
  const keep = (r: ChurnResult) => {
    results.push(r)
    plan.onResult?.(r)
  }
  const measured = async (
    label: string,
    cycles: number,
    run: (n: number) => Promise<unknown>,
    qr = false,
  ) => {
    const settleMs = qr ? (plan.pairingSettleMs ?? 0) : 0
    await run(qr ? (plan.qrWarmup ?? plan.warmup) : plan.warmup)
    // The idle warm-up (one step per idle period, cancelled by each open) done before `before`,
    // so what it makes once is not counted in the run.
    await settleIdle(page)
    const code = plan.measureCode ?? false
    const before = await snapshot(cdp, code)
    const shown = await run(cycles)
    const held = settleMs ? await snapshot(cdp) : undefined
    if (settleMs) await page.waitForTimeout(settleMs)
    const after = await snapshot(cdp, code)
    keep({
      label,
      cycles,
      before,
      after,
      ...(typeof shown === 'string' && { shown }),
      ...(held && { held }),
      ...(qr && { qr }),
    })
  }
  const cases = churnCases().filter(plan.only ?? (() => true))
  const state = (connected: boolean) => (connected ? 'connected' : 'not connected')
  const run = async (list: ChurnCase[]) => {
    for (const c of list)
      await measured(
        `${c.view} (${state(c.connected)})`,
        plan.cycles,
        (n) => cycle(page, c, n),
        pairs(c),
      )
  }
  const only = (connected: boolean, qr: boolean) =>
    cases.filter((c) => c.connected === connected && pairs(c) === qr)
  try {
    for (const connected of [false, true]) {
      if (connected) await plan.connect()
      await run(only(connected, false))
      await page.evaluate('WalletKit.init().destroy()')
      await measured(`init/destroy (${state(connected)})`, plan.initDestroyCycles, (n) =>
        initDestroy(page, plan.options, connected, n),
      )
      await initKit(page, plan.options)
    }
    // The last QR code left stays answerable until its proposal expires (docs/benchmarks.md):
    // the QR views go last, so what it holds cannot blur the other runs.
    await page.waitForFunction("WalletKit.init().getState().status === 'connected'")
    await startWalletConnect(page)
    await run(only(true, true))
    await page.evaluate('WalletKit.init().disconnect()')
    await run(only(false, true))
  } finally {
    await cdp.detach().catch(() => undefined)
  }
  return results
}

/** The results as a Markdown table: heap, DOM nodes and listeners before → after, and PASS/FAIL. */
export function renderChurn(results: readonly ChurnResult[]): string {
  const kib = (b: number) => `${b >= 0 ? '+' : ''}${(b / 1024).toFixed(0)} KiB`
  return [
    '| run | cycles | shows | heap growth (after GC) | of it, V8 code | DOM nodes | listeners | result |',
    '|---|--:|---|--:|--:|---|---|---|',
    ...results.map((r) => {
      const changed = listenerChanges(r)
      const fail = failures(r)
      const held = r.held ? ` (${kib(r.held.heap - r.before.heap)} before expiry)` : ''
      const code = codeGrowth(r)
      return `| ${r.label} | ${r.cycles} | ${r.shown ?? '–'} | ${kib(heapGrowth(r))}${held} | ${code === undefined ? '–' : kib(code)} | ${r.before.nodes} → ${r.after.nodes} | ${total(r.before.listeners)} → ${total(r.after.listeners)}${changed.length ? ` (${changed.join(', ')})` : ''} | ${fail.length ? `FAIL: ${fail.join('; ')}` : 'PASS'} |`
    }),
  ].join('\n')
}
