import { expect, test } from 'vitest'
import type { HistoryItem } from '../../stack/blockchain-api/index'
import { DEMO_PROJECT_ID } from '../../stack/catalog/project'
import { testAccount } from '../../stack/chain/index'
import { connect, networkObjects, setupEvmE2E } from '../evm/support/fixture'
import { walletsFor } from '../support/catalog'
import { poll } from '../support/poll'
import { swapNetworks } from '../swap/support/fixture'
import { SwapPage } from '../swap/support/swap-page'
import { FULL, timeoutFor } from './support/counts'
import { batches, PAYLOADS, type Payload, payloadsFor } from './support/payloads'
import {
  eachScreenful,
  executions,
  layoutBreaks,
  type Surface,
  watchConsole,
} from './support/render-checks'

/**
 * G3 of the hostile world (SECURITY.md row 7): the payload corpus (support/payloads.ts, ≥ 150
 * payloads in eight families) on every surface that shows a label a service, a wallet or the site
 * sends. Each payload arrives as the real service would send it: the stand-in answers with it
 * (the catalogue, the blockchain API's balances, identity, history, smart sessions, on-ramp
 * options and swap tokens), or the site's `init()` gives it (network names). Then, for each:
 * 0 executions (no sentinel, no dialog, no console error, no script, frame or handler in the
 * modal, `Object.prototype` untouched) and 0 layout breaks that hide another element.
 *
 * Full count (`npm run bench:hostile`, WK_FULL_COUNTS=1): every payload on every surface.
 * `npm test`: two payloads of each family per surface, rotating, so each surface meets others.
 */
const e2e = setupEvmE2E()
const api = () => e2e.stack.blockchainApi ?? (undefined as never)
const byTestId = (id: string) => `[data-testid="wk-${id}"]`
const CLOSE = byTestId('close')
const PROTO = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}'
/** Every answer object also carries the keys that would reach `Object.prototype`. */
const withProtoKeys = <T extends object>(value: T): T => Object.assign(JSON.parse(PROTO), value)

/** What every surface reports: payloads seen, and what ran or broke, by payload id. */
type Tally = { shown: number; executions: string[]; breaks: string[] }
const totals = new Map<string, Tally>()

/** A session with the console watched, on the local networks with the swap router declared. */
async function session(options: { connected: boolean; init?: Record<string, unknown> }) {
  const s = await e2e.newSession({ accountIndex: 3 })
  const consoleErrors = watchConsole(s.page)
  await s.open({ networks: swapNetworks(e2e.stack), ...options.init })
  if (options.connected) await connect(s)
  return Object.assign(s, { consoleErrors })
}
type Session = Awaited<ReturnType<typeof session>>

/** Checks what is on screen now for `batch` on `surface`, screenful by screenful. */
async function check(s: Session, name: string, batch: readonly Payload[], surface: Surface) {
  const tally = totals.get(name) ?? { shown: 0, executions: [], breaks: [] }
  totals.set(name, tally)
  // A batch by its first and last payload; a line names the item (its text) that broke.
  const ids = batch.length > 1 ? `${batch[0]?.id}…${batch.at(-1)?.id}` : `${batch[0]?.id}`
  await eachScreenful(s.page, surface.items, async () => {
    for (const line of await layoutBreaks(s.page, surface)) tally.breaks.push(`${ids}: ${line}`)
  })
  for (const line of await executions(s.page)) tally.executions.push(`${ids}: ${line}`)
  for (const line of [...s.dialogs, ...s.consoleErrors]) tally.executions.push(`${ids}: ${line}`)
  s.dialogs.length = 0
  s.consoleErrors.length = 0
  tally.shown += batch.length
  expect(tally.executions, name).toEqual([])
  expect(tally.breaks, name).toEqual([])
}

/** Reloads and waits until the remembered wallet is connected again. */
async function reloadConnected(s: Session, init: Record<string, unknown> = {}) {
  await s.reload({ networks: swapNetworks(e2e.stack), ...init })
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
}

/** The stand-in's own answer to the last request the page made on a path ending with `suffix`. */
async function realAnswer(suffix: string): Promise<Record<string, unknown>> {
  const request = [...api().requests].reverse().find((r) => r.path.endsWith(suffix))
  if (!request) throw new Error(`no request on …${suffix}`)
  const url = new URL(`${api().url}${request.path}`)
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v)
  url.searchParams.set('projectId', DEMO_PROJECT_ID)
  return (await fetch(url)).json()
}

/** The path of the last request on `suffix` (the account's address as the kit spells it). */
const lastPath = (suffix: string) =>
  [...api().requests].reverse().find((r) => r.path.endsWith(suffix))?.path ?? suffix

/** A unique hex string of `bytes` bytes for payload `n` of batch `b`. */
const hex = (bytes: number, n: number) => n.toString(16).padStart(bytes * 2, 'a')

const turnOf = new Map<string, number>()
/** The payloads of surface `name` (its turn in the rotation is its order here). */
function payloadsOf(name: string, perFamily = 2): Payload[] {
  if (!turnOf.has(name)) turnOf.set(name, turnOf.size)
  return payloadsFor(turnOf.get(name) as number, FULL, perFamily)
}
const cases = (name: string, perBatch: number, perFamily?: number) =>
  Math.ceil(payloadsOf(name, perFamily).length / perBatch)

test('default', () => {
  // At least 150 distinct payloads, every family represented, ids unique.
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(150)
  expect(new Set(PAYLOADS.map((p) => p.text)).size).toBe(PAYLOADS.length)
  expect(new Set(PAYLOADS.map((p) => p.id)).size).toBe(PAYLOADS.length)
  expect(PAYLOADS.some((p) => p.text.length >= 10_000)).toBe(true)
})

test('security: wallet names from the catalogue', {
  timeout: timeoutFor(cases('wallets', 12), 8_000),
}, async () => {
  const s = await session({ connected: false })
  await s.modal.openViaApi({ view: 'AllWallets' })
  await s.modal.waitForWallets(10)
  const base = walletsFor()
  for (const [b, batch] of batches(payloadsOf('wallets'), 12).entries()) {
    const data = batch.map((p, n) =>
      withProtoKeys({ ...base[n % base.length], id: hex(32, b * 100 + n), name: p.text }),
    )
    e2e.stack.catalog.failNext({
      path: '/getWallets',
      status: 200,
      body: JSON.stringify({ count: data.length, data }),
    })
    // One search, one answer: the batch's names, as the catalogue would send them.
    await s.modal.searchInput.fill(`hostile ${b}`)
    await poll(() => s.modal.wallets.count(), 'wallets').toBeGreaterThanOrEqual(data.length)
    await check(s, 'wallets', batch, {
      items: byTestId('wallet'),
      controls: [CLOSE, byTestId('search')],
    })
  }
})

/** Arms the next answers on `path` (the stand-in's, with the payloads in) and forgets older ones. */
function answer(path: string, body: unknown, times = 3) {
  // A reload may ask twice; an armed answer left over from the batch before never counts.
  api().reset()
  api().failNext({ path, status: 200, times, body: JSON.stringify(body) })
}

/** Two frames: what the last answer changed is on screen. */
const painted = (s: Session) =>
  s.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))

const ACCOUNT_CONTROLS = [CLOSE, byTestId('account-network'), byTestId('account-disconnect')]

test('security: token names, symbols and balances from the blockchain API', {
  timeout: timeoutFor(cases('tokens', 50), 15_000),
}, async () => {
  const s = await session({ connected: true })
  const path = lastPath('/balance')
  const real = (await realAnswer('/balance')).balances as Record<string, unknown>[]
  const token = real.find((t) => t.address) as Record<string, unknown> & { address: string }
  const at = (n: number) => token.address.replace(/0x[0-9a-fA-F]{40}$/, `0x${hex(20, n)}`)
  for (const [b, batch] of batches(payloadsOf('tokens'), 50).entries()) {
    const balances = batch.flatMap((p, i) => {
      const n = b * 100 + i
      return [
        withProtoKeys({ ...token, name: p.text, symbol: p.text, address: at(n) }),
        withProtoKeys({
          ...token,
          name: `Balance ${n}`,
          symbol: `B${n}`,
          address: at(10_000 + n),
          quantity: { ...(token.quantity as object), numeric: p.text },
        }),
      ]
    })
    // A plain token of the same answer says when the answer is on screen (a payload may be refused).
    const mark = withProtoKeys({ ...token, symbol: `MARK${b}`, address: at(20_000 + b) })
    answer(path, { balances: [...real, mark, ...balances] })
    await reloadConnected(s)
    await s.modal.openViaApi({ view: 'Account' })
    const rows = `${byTestId('account-tokens')} li`
    await s.page.locator(`${rows}[data-symbol="MARK${b}"]`).waitFor({ state: 'attached' })
    await check(s, 'tokens', batch, { items: rows, controls: ACCOUNT_CONTROLS })
  }
})

test('security: profile names and avatars from the identity', {
  timeout: timeoutFor(cases('identity', 1, 1), 8_000),
}, async () => {
  const s = await session({ connected: true })
  const identityPath = () =>
    [...api().requests].reverse().find((r) => r.path.startsWith('/v1/identity/'))?.path
  await poll(identityPath, 'the identity asked').toBeTruthy()
  const path = identityPath() as string
  // One page load per payload: one of each family in the sample.
  const list = payloadsOf('identity', 1)
  for (const [i, p] of list.entries()) {
    // The name of one payload, the avatar of the next: both surfaces meet every payload.
    const avatar = (list[(i + 1) % list.length] as Payload).text
    answer(path, withProtoKeys({ name: p.text, avatar }))
    await reloadConnected(s)
    await s.modal.openViaApi({ view: 'Account' })
    await poll(() => api().requests.some((r) => r.path === path && r.status > 0), p.id).toBe(true)
    await poll(() => s.evm.balance.getAttribute('data-status'), p.id).toBe('ready')
    await painted(s)
    await check(s, 'identity', [p], {
      items: `${byTestId('account-name')}, .wk-avatar`,
      controls: [...ACCOUNT_CONTROLS, byTestId('account-copy')],
    })
  }
})

test('security: network names from the site', {
  timeout: timeoutFor(cases('networks', 8), 8_000),
}, async () => {
  const s = await session({ connected: false })
  const [first] = networkObjects(e2e.stack.chains)
  for (const [b, batch] of batches(payloadsOf('networks'), 8).entries()) {
    const networks = [
      ...swapNetworks(e2e.stack),
      ...batch.map((p, i) => ({
        ...first,
        caipNetworkId: `eip155:${424_200 + b * 10 + i}`,
        name: p.text,
        tokens: {},
      })),
    ]
    await s.reload({ networks })
    await s.modal.openViaApi({ view: 'Networks' })
    await poll(() => s.page.locator(byTestId('network')).count(), 'networks').toBe(networks.length)
    await check(s, 'networks', batch, { items: byTestId('network'), controls: [CLOSE] })
  }
})

test('security: history items from the blockchain API', {
  timeout: timeoutFor(cases('history', 40), 15_000),
}, async () => {
  const s = await session({ connected: true })
  await s.modal.openViaApi({ view: 'Transactions' })
  await poll(() => api().requests.some((r) => r.path.endsWith('/history'))).toBe(true)
  const path = lastPath('/history')
  const stranger = testAccount(9).address
  const minedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  for (const [b, batch] of batches(payloadsOf('history'), 40).entries()) {
    // Beside the payloads, a plain USDC that is not the network's: a flagged row, the widest.
    const rows = [...batch.map((p) => p.text), 'USDC']
    const data: HistoryItem[] = rows.map((text, i) => {
      const n = b * 100 + i
      const p = { text }
      return withProtoKeys({
        id: p.text,
        metadata: withProtoKeys({
          operationType: i % 2 ? 'receive' : p.text,
          hash: `0x${hex(32, n)}`,
          chain: 'eip155:31337',
          minedAt,
          sentFrom: stranger,
          sentTo: s.wallet.address,
          status: 'confirmed' as const,
          nonce: n,
        }),
        transfers: [
          withProtoKeys({
            fungible_info: {
              name: p.text,
              symbol: p.text,
              icon: { url: p.text },
              implementations: [
                { chain_id: 'eip155:31337', address: `0x${hex(20, n)}`, decimals: 18 },
              ],
            },
            direction: 'in' as const,
            quantity: { numeric: '1' },
            value: 1,
            price: 1,
            sender: stranger,
            recipient: s.wallet.address,
          }),
        ],
      })
    })
    answer(path, { data, next: null })
    await reloadConnected(s)
    await s.modal.openViaApi({ view: 'Transactions' })
    const items = s.page.locator(byTestId('history-item'))
    await poll(async () => {
      const show = s.page.locator(byTestId('history-show-suspicious'))
      if (await show.count()) await show.click()
      return items.count()
    }, 'history').toBeGreaterThan(0)
    await check(s, 'history', batch, {
      items: byTestId('history-item'),
      controls: [CLOSE],
    })
  }
})

test('security: smart session site names and icons from the blockchain API', {
  timeout: timeoutFor(1, 60_000),
}, async () => {
  const s = await session({ connected: true, init: { features: { smartSessions: true } } })
  const batch = payloadsOf('sessions')
  const now = Math.floor(Date.now() / 1000)
  for (const p of batch)
    api().sessions.grant({
      caipAddress: `eip155:31337:${s.wallet.address}`,
      project: { name: p.text, url: 'https://game.example', iconUrl: p.text },
      permissions: [
        {
          type: 'native-token-recurring-allowance',
          data: { allowance: '0x1', start: now, period: 86_400 },
        },
      ],
      expiry: now + 86_400,
    })
  await s.modal.openViaApi({ view: 'SmartSessions' })
  await poll(() => s.page.locator(byTestId('session')).count(), 'sessions').toBeGreaterThan(0)
  await check(s, 'sessions', batch, {
    items: byTestId('session'),
    controls: [CLOSE, byTestId('session-revoke')],
  })
  api().sessions.clear()
})

test('security: on-ramp assets, networks and currencies from the provider options', {
  timeout: timeoutFor(cases('onramp', 40), 15_000),
}, async () => {
  const s = await session({ connected: true })
  await s.modal.openViaApi({ view: 'OnRamp' })
  await poll(() => api().requests.some((r) => r.path === '/v1/onramp/options')).toBe(true)
  const real = await realAnswer('/v1/onramp/options')
  const assets = real.purchaseCurrencies as { networks: Record<string, unknown>[] }[]
  for (const [b, batch] of batches(payloadsOf('onramp'), 40).entries()) {
    const purchaseCurrencies = [
      ...assets,
      // A plain asset whose symbol and network fill their chip: the widest chip, every run.
      {
        ...(assets[0] as object),
        id: `mark-${b}`,
        name: 'Marker',
        symbol: `MARK${b}WWWWWWW`,
        networks: (assets[0]?.networks ?? []).map((n) => ({ ...n, display_name: 'W'.repeat(32) })),
      },
      ...batch.map((p, i) =>
        withProtoKeys({
          ...(assets[i % assets.length] as object),
          id: `hostile-${b}-${i}`,
          name: p.text,
          symbol: p.text,
          networks: (assets[i % assets.length]?.networks ?? []).map((n) =>
            withProtoKeys({ ...n, display_name: p.text }),
          ),
        }),
      ),
    ]
    answer('/v1/onramp/options', { ...real, purchaseCurrencies })
    await reloadConnected(s)
    await s.modal.openViaApi({ view: 'OnRamp' })
    await s.page
      .locator(`${byTestId('onramp-asset')}[data-asset="MARK${b}WWWWWWW"]`)
      .waitFor({ state: 'attached' })
    await check(s, 'onramp', batch, {
      items: `${byTestId('onramp-asset')}, ${byTestId('onramp-provider')}`,
      controls: [CLOSE, byTestId('onramp-amount'), byTestId('onramp-buy')],
    })
  }
})

test('security: swap tokens from the convert service', {
  timeout: timeoutFor(cases('swap', 40), 15_000),
}, async () => {
  const s = await session({ connected: true })
  const swap = new SwapPage(s.page)
  await s.modal.openViaApi({ view: 'Swap' })
  await swap.payToken.waitFor()
  const real = (await realAnswer('/v1/convert/tokens')).tokens as Record<string, unknown>[]
  const first = real[0] as Record<string, unknown> & { address: string }
  for (const [b, batch] of batches(payloadsOf('swap'), 40).entries()) {
    const at = (n: number) => first.address.replace(/0x[0-9a-fA-F]{40}$/, `0x${hex(20, n)}`)
    const tokens = [
      ...real,
      { ...first, name: 'Marker', symbol: `MARK${b}`, address: at(20_000 + b) },
      ...batch.map((p, i) =>
        withProtoKeys({
          ...first,
          name: p.text,
          symbol: p.text,
          address: at(b * 100 + i),
        }),
      ),
    ]
    answer('/v1/convert/tokens', { tokens })
    await reloadConnected(s)
    await s.modal.openViaApi({ view: 'Swap' })
    await swap.payToken.click()
    await s.page
      .locator(`${byTestId('swap-selector-token')}[data-symbol="MARK${b}"]`)
      .waitFor({ state: 'attached' })
    await check(s, 'swap', batch, {
      items: byTestId('swap-selector-token'),
      controls: [CLOSE, byTestId('swap-selector-close'), byTestId('swap-selector-search')],
    })
  }
})

test('default: the figures (payloads × surfaces, executions, layout breaks)', () => {
  const rows = [...totals.entries()].map(([surface, t]) => ({
    surface,
    payloads: t.shown,
    executions: t.executions.length,
    breaks: t.breaks.length,
  }))
  console.log(
    `G3 ${FULL ? 'full count' : 'sample'}: ${rows.reduce((n, r) => n + r.payloads, 0)} payload renders`,
  )
  console.table(rows)
  expect(rows.every((r) => r.executions === 0 && r.breaks === 0)).toBe(true)
})
