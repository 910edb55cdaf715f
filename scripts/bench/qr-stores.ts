// WalletConnect's stores and the heap while a QR view is opened and closed (issue 31 G4,
// docs/benchmarks.md). One Chromium on the stack, not connected: after 5 unmeasured openings, the
// view opened `total` times (open → QR code shown, or with `fast` only the view → close); after each
// `step`, the heap after two forced collections and each store's size and entry count as written in
// IndexedDB, and the console messages so far; then `settle` seconds read every minute.
//
//   tsx scripts/bench/qr-stores.ts [total 500] [step 100] [view ConnectingWalletConnectBasic] [settle 0] [fast]
import { initKit } from '../../test/e2e/support/churn'
import { HostPage, PAGES } from '../../test/e2e/support/host-page'
import { startStack } from '../../test/stack/index'
import { launchCold } from '../bench-common'

const total = Number(process.argv[2] ?? 500)
const step = Number(process.argv[3] ?? 100)
const view = process.argv[4] ?? 'ConnectingWalletConnectBasic'
const cycle = (n: number) => `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
  const root = () => document.querySelector('walletkit-modal')?.shadowRoot;
  const until = async (test, what) => { const s = Date.now(); while (!test()) { if (Date.now() - s > 20000) throw new Error('no ' + what); await frame(); } };
  const kit = WalletKit.init();
  for (let i = 0; i < ${n}; i++) {
    await kit.open({ view: '${view}' });
    await until(() => root()?.querySelector(${process.argv[6] === 'fast' ? `'[data-testid^="wk-view-wc"]'` : `'[data-testid="wk-wc-status"][data-status="ready"]'`}), 'QR code');
    kit.close();
    await until(() => !root()?.querySelector('[data-testid="wk-dialog"]')?.open, 'closed dialog');
  }
})()`
const stores = `new Promise((resolve) => { const o = indexedDB.open('WALLET_CONNECT_V2_INDEXED_DB'); o.onsuccess = () => { const db = o.result; const t = db.transaction('keyvaluestorage'); const s = t.objectStore('keyvaluestorage'); const out = {}; const c = s.openCursor(); c.onsuccess = () => { const cur = c.result; if (!cur) return resolve(out); const v = cur.value; let n = ''; try { const j = JSON.parse(v); n = Array.isArray(j) ? j.length : (j && typeof j === 'object' ? Object.keys(j).length : ''); } catch {} out[String(cur.key).replace(/^.*\\/\\//,'')] = (typeof v === 'string' ? v.length : -1) + 'B/' + n; cur.continue(); }; }; })`
const stack = await startStack({ chains: true })
const browser = await launchCold()
try {
  const { context } = browser
  const page = await context.newPage()
  const cons: Record<string, number> = {}
  const samples: string[] = []
  page.on('console', (m) => {
    cons[m.type()] = (cons[m.type()] ?? 0) + 1
    if (samples.length < 5) samples.push(`${m.type()}: ${m.text().slice(0, 300)}`)
  })
  page.on('pageerror', (e) => {
    cons.pageerror = (cons.pageerror ?? 0) + 1
    if (samples.length < 5) samples.push(`pageerror: ${e.message.slice(0, 300)}`)
  })
  const host = new HostPage(page, stack)
  await host.goto(PAGES.blank)
  await initKit(page, host.options({ features: { analytics: false } }))
  const cdp = await context.newCDPSession(page)
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    return u.usedSize
  }
  await page.evaluate(cycle(5))
  const h0 = await heap()
  console.log(
    `start heap ${(h0 / 1024).toFixed(0)} KiB`,
    JSON.stringify(await page.evaluate(stores)),
  )
  for (let done = 0; done < total; done += step) {
    const t = Date.now()
    await page.evaluate(cycle(step))
    const h = await heap()
    console.log(
      `${done + step}: ${Math.round((Date.now() - t) / 1000)} s, heap +${((h - h0) / 1024).toFixed(0)} KiB (${((h - h0) / (done + step) / 1024).toFixed(1)} KiB/opening)`,
      JSON.stringify(await page.evaluate(stores)),
      JSON.stringify(cons),
    )
  }
  const settle = Number(process.argv[5] ?? 0)
  for (let waited = 0; waited < settle; waited += 60) {
    await new Promise((r) => setTimeout(r, 60000))
    const h = await heap()
    console.log(
      `settle ${waited + 60} s: heap +${((h - h0) / 1024).toFixed(0)} KiB`,
      JSON.stringify(await page.evaluate(stores)),
      JSON.stringify(cons),
    )
  }
  console.log(samples.join('\n'))
} finally {
  await browser.close()
  await stack.stop()
}
