import {
  type Address,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { XSS_SENTINEL } from '../../fixtures/wallets'
import {
  type ChainDescription,
  chainTime,
  deployToken,
  plantPoisoning,
  plantSpam,
  receiptOf,
  rpc,
  sendAs,
  testAccount,
} from '../../stack/chain/index'
import { artifacts } from '../../stack/contracts/index'
import { connect, type EvmSession, networkObjects, setupEvmE2E } from '../evm/support/fixture'
import { seriousAxeViolations } from '../support/axe'
import { poll } from '../support/poll'
import { ActivityPage } from './support/activity-page'

const e2e = setupEvmE2E()
const EXPLORER = 'https://explorer.devnet.example'

const chain = () => e2e.stack.chains[0] as ChainDescription
const token = (symbol: string) =>
  chain().tokens.find((t) => t.symbol === symbol)?.address as Address
const erc20 = (name: 'transfer' | 'approve', to: Address, amount: bigint) =>
  encodeFunctionData({ abi: artifacts.TestToken.abi, functionName: name, args: [to, amount] })

/** Month title as the kit writes it for a time on the chain's clock: the year only when it is not this year. */
function monthTitle(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000)
  const year = date.getFullYear() === new Date().getFullYear()
  return new Intl.DateTimeFormat(
    'en',
    year ? { month: 'long' } : { month: 'long', year: 'numeric' },
  ).format(date)
}

/** A connected session of mnemonic account `accountIndex`, its networks with an https explorer. */
async function connected(accountIndex: number): Promise<EvmSession & { activity: ActivityPage }> {
  const s = await e2e.newSession({ accountIndex })
  await s.open({
    networks: networkObjects(e2e.stack.chains).map((n) => ({ ...n, explorerUrl: EXPLORER })),
  })
  await connect(s)
  return Object.assign(s, { activity: new ActivityPage(s.page) })
}

/** Sends a transaction through the page's wallet (`kit.getProvider('eip155')`) and waits for it. */
async function sendFromPage(
  s: EvmSession,
  tx: { to: Address; data?: Hex; value?: bigint },
): Promise<Hex> {
  const outcome = await s.evm.request<Hex>('eth_sendTransaction', [
    {
      from: s.wallet.address,
      to: tx.to,
      ...(tx.data && { data: tx.data }),
      ...(tx.value !== undefined && { value: `0x${tx.value.toString(16)}` }),
    },
  ])
  if (!outcome.result) throw new Error(`eth_sendTransaction failed: ${outcome.error?.message}`)
  await receiptOf(chain().rpcUrl, outcome.result)
  return outcome.result
}

/** Opens Activity from the Account view. */
async function openActivity(s: EvmSession & { activity: ActivityPage }) {
  await s.modal.openViaApi()
  await s.activity.activityEntry.click()
  await s.activity.view.waitFor()
}

const historyRequests = (address: string) =>
  (e2e.stack.blockchainApi?.requests ?? []).filter(
    (r) => r.path === `/v1/account/${address}/history`,
  )

test('default', async () => {
  // The send and the swap happen now, on the chain's clock as on the visitor's: the seed's mints
  // are from its genesis (2023), and the three transactions may share one second.
  const started = Date.now()
  const s = await connected(3)
  const friend = testAccount(5).address
  const sent = await sendFromPage(s, { to: friend, value: parseEther('0.25') })
  const approved = await sendFromPage(s, {
    to: token('WETH'),
    data: erc20('approve', chain().router, maxUint256),
  })
  const swapped = await sendFromPage(s, {
    to: chain().router,
    data: encodeFunctionData({
      abi: artifacts.SimpleRouter.abi,
      functionName: 'swapExactTokensForTokens',
      args: [parseUnits('1', 18), 0n, [token('WETH'), token('USDC')], s.wallet.address, 2n ** 40n],
    }),
  })
  await openActivity(s)
  await poll(() => s.activity.items.count()).toBeGreaterThanOrEqual(6)
  const now = await chainTime(chain())
  expect(Math.abs(now * 1000 - started)).toBeLessThan(120_000)
  expect(await s.activity.months()).toEqual([monthTitle(now), monthTitle(1_700_000_000)])
  expect(monthTitle(now)).not.toMatch(/\d/)
  expect(monthTitle(1_700_000_000)).toBe('November 2023')
  const rows = await s.activity.rows()
  expect(Math.abs(Date.parse(rows[0]?.minedAt ?? '') - started)).toBeLessThan(120_000)
  expect(rows.slice(0, 3).map((r) => [r.hash, r.direction, r.title])).toEqual([
    [swapped, 'swapped', 'Swapped'],
    [approved, 'approved', 'Approved'],
    [sent, 'sent', 'Sent'],
  ])
  expect(rows[0]?.amount).toMatch(/^-1 WETH → \+2,9\d\d(\.\d{1,4})? USDC$/)
  expect(rows[2]).toMatchObject({
    amount: '-0.25 ETH',
    party: `To ${friend.slice(0, 6)}…${friend.slice(-4)}`,
    partyTitle: friend,
    explorer: `${EXPLORER}/tx/${sent}`,
    status: 'confirmed',
  })
  expect(rows.slice(3).map((r) => [r.direction, r.amount])).toEqual([
    ['minted', '+5,000 DAI'],
    // WETH is wrapped ether: the deployer deposits it and sends it on.
    ['received', '+10 WETH'],
    ['minted', '+10,000 USDC'],
  ])
  expect(await seriousAxeViolations(s.page, 'walletkit-modal')).toEqual([])
  // Copying the counterparty takes the whole address, not the shortened one on screen.
  await s.activity.recordClipboard()
  await s.activity.item(sent).getByTestId('wk-history-copy').click()
  expect(await s.activity.copied()).toEqual([friend])
  // Only the active network's history was asked for.
  expect(historyRequests(s.wallet.address)[0]?.query).toMatchObject({ chainId: 'eip155:31337' })
})

describe('paging', () => {
  test('behavior: reaching the bottom loads the next page, once, with the cursor', async () => {
    const user = testAccount(2)
    for (let i = 1; i <= 26; i++)
      await sendAs(chain(), user, { to: testAccount(6).address, value: BigInt(i), gas: 21_000n })
    const api = e2e.stack.blockchainApi
    if (!api) throw new Error('no blockchain API')
    api.history.pageSize = 12
    const s = await connected(2)
    await openActivity(s)
    await poll(() => s.activity.items.count()).toBeGreaterThan(0)
    const first = historyRequests(user.address)
    expect(first.map((r) => r.query.cursor)).toEqual([undefined])
    const before = await s.activity.entryCount()
    await s.activity.scrollToBottom()
    await poll(() => s.activity.entryCount()).toBeGreaterThan(before)
    const cursors = historyRequests(user.address).map((r) => r.query.cursor)
    expect(cursors).toHaveLength(2)
    expect(cursors[1]).toEqual(expect.any(String))
    // The rows at the bottom are the older ones that page brought.
    await s.activity.scrollToBottom()
    await poll(() => historyRequests(user.address).length).toBe(3)
    await s.activity.scrollToBottom()
    await poll(async () => (await s.activity.rows()).at(-1)?.direction).toBe('minted')
    // 26 sends (this month) and 3 mints (November 2023), each once, under their two month titles.
    await poll(() => s.activity.entryCount()).toBe(26 + 3 + 2)
  })
})

describe('spam and poisoning', () => {
  test('behavior: planted spam is hidden; poisoning is hidden, then shown flagged; hostile names stay text', async () => {
    const victim = testAccount(1)
    const friend = testAccount(5).address
    const real = await sendAs(chain(), victim, {
      to: token('USDC'),
      data: erc20('transfer', friend, parseUnits('40', 6)),
    })
    const planted = await plantPoisoning(chain(), victim.address, friend)
    const spam = await plantSpam(chain(), victim.address)
    // A token whose name and symbol are script, sent by a stranger: not spam, shown as text.
    const attacker = testAccount(8)
    const hostile = await deployToken(chain(), attacker, {
      name: `<img src=x onerror="window.${XSS_SENTINEL}=1">`,
      symbol: `\u202E<script>window.${XSS_SENTINEL}=2</script>`,
      decimals: 18,
    })
    await sendAs(chain(), attacker, {
      to: hostile,
      data: encodeFunctionData({
        abi: artifacts.TestToken.abi,
        functionName: 'mint',
        args: [victim.address, 10n ** 18n],
      }),
    })
    const s = await connected(1)
    await openActivity(s)
    await poll(() => s.activity.item(real.hash).count()).toBe(1)
    expect(await s.activity.hidden.textContent()).toBe('1 spam hidden. Show 3 suspicious')
    for (const hash of [
      spam.transfer.hash,
      planted.zeroValue.hash,
      planted.nativeDust.hash,
      planted.tokenDust.hash,
    ])
      expect(await s.activity.item(hash).count()).toBe(0)
    await s.activity.showSuspicious.click()
    await poll(() => s.activity.item(planted.zeroValue.hash).count()).toBe(1)
    const flags = Object.fromEntries((await s.activity.rows()).map((r) => [r.hash, r.flag]))
    expect(flags[planted.zeroValue.hash]).toBe('zero-value')
    expect(flags[planted.nativeDust.hash]).toBe('look-alike')
    expect(flags[planted.tokenDust.hash]).toBe('look-alike')
    expect(flags[real.hash]).toBeNull()
    expect(await s.activity.item(spam.transfer.hash).count()).toBe(0)
    expect(await seriousAxeViolations(s.page, 'walletkit-modal')).toEqual([])
    await s.activity.recordClipboard()
    await s.activity.item(planted.nativeDust.hash).getByTestId('wk-history-copy').click()
    expect(await s.activity.copied()).toEqual([planted.lookAlike])
    // The hostile token's row holds its symbol as plain, cleaned, isolated text.
    const mint = (await s.activity.rows()).find((r) => r.amount.includes('<script>'))
    expect(mint?.amount).toBe('+1 <script>win…')
    expect(
      await s.page.evaluate((k) => (window as unknown as Record<string, unknown>)[k], XSS_SENTINEL),
    ).toBeUndefined()
    expect(
      await s.activity.view.evaluate(
        (view) => view.querySelectorAll('script, iframe, object, embed').length,
      ),
    ).toBe(0)
  })
})

describe('smart accounts and imitations (SECURITY 25)', () => {
  test("behavior: a send another account executed counts as the account's own; a confusable imitation of USDC is flagged", async () => {
    const victim = testAccount(7)
    const spender = testAccount(6)
    const friend = testAccount(13).address
    const usdc = token('USDC')
    const call = (functionName: 'mint' | 'transferFrom', args: readonly unknown[]) =>
      encodeFunctionData({ abi: artifacts.TestToken.abi, functionName, args } as never)
    await sendAs(chain(), spender, { to: usdc, data: call('mint', [victim.address, 100_000_000n]) })
    await sendAs(chain(), victim, { to: usdc, data: erc20('approve', spender.address, maxUint256) })
    // As a smart account's transfers are: sent by another (a bundler, an owner), moving its USDC.
    const executed = await sendAs(chain(), spender, {
      to: usdc,
      data: call('transferFrom', [victim.address, friend, 40_000_000n]),
    })
    const planted = await plantPoisoning(chain(), victim.address, friend, { salt: 'smart' })
    // USDC with a Cyrillic "С" in its symbol and name: the stand-in does not call it spam.
    const attacker = testAccount(8)
    const fake = await deployToken(chain(), attacker, {
      name: 'USD \u0421oin',
      symbol: 'USD\u0421',
      decimals: 6,
    })
    const airdrop = await sendAs(chain(), attacker, {
      to: fake,
      data: call('mint', [victim.address, 5_000_000_000n]),
    })
    const s = await connected(7)
    await openActivity(s)
    await poll(() => s.activity.item(executed.hash).count()).toBe(1)
    await s.activity.showSuspicious.click()
    await poll(() => s.activity.item(airdrop.hash).count()).toBe(1)
    const flags = Object.fromEntries((await s.activity.rows()).map((r) => [r.hash, r.flag]))
    expect(flags[executed.hash]).toBeNull()
    expect(flags[planted.zeroValue.hash]).toBe('zero-value')
    // Known only through the send the spender executed: the look-alike's dust is flagged.
    expect(flags[planted.nativeDust.hash]).toBe('look-alike')
    expect(flags[planted.tokenDust.hash]).toBe('look-alike')
    expect(flags[airdrop.hash]).toBe('counterfeit')
    expect(
      await s.activity.item(airdrop.hash).getByTestId('wk-history-flag').getAttribute('title'),
    ).toBe('Imitation of a well-known token: not its real contract')
  })
})

describe('empty', () => {
  test('behavior: an account with no transactions says so', async () => {
    const s = await connected(11)
    await openActivity(s)
    await s.activity.empty.waitFor()
    expect(await s.activity.empty.textContent()).toBe(
      'No activity yetYour transactions will appear here.',
    )
    expect(await s.activity.items.count()).toBe(0)
  })
})

describe('errors', () => {
  test("error: a 500 shows 'Failed to fetch transactions'; retry loads the history", async () => {
    const s = await connected(4)
    e2e.stack.blockchainApi?.failNext({
      path: `/v1/account/${s.wallet.address}/history`,
      status: 500,
    })
    await openActivity(s)
    await s.activity.error.waitFor()
    expect(await s.activity.error.textContent()).toContain('Failed to fetch transactions')
    await poll(() => s.evm.toasts()).toContain('Failed to fetch transactions')
    // The toast never covers the view's button: while it shows, the view keeps room for it below
    // its last row and the short card grows to it ('gone' if the toast left first).
    const place = () =>
      s.page.evaluate(() => {
        const root = document.querySelector('walletkit-modal')?.shadowRoot
        const toast = root?.querySelector('[data-testid="wk-toast"]')?.getBoundingClientRect()
        const button = root
          ?.querySelector('[data-testid="wk-history-retry"]')
          ?.getBoundingClientRect()
        if (!toast || !button) return 'gone'
        return button.bottom <= toast.top ? 'clear' : 'covered'
      })
    await poll(place).toBe('clear')
    await s.activity.retry.click()
    await poll(() => s.activity.items.count()).toBeGreaterThan(0)
    expect(await s.activity.error.count()).toBe(0)
  })

  test('error: 429, 503, an HTML page, truncated JSON, the wrong shape and a reset each say so; the view stays usable', async () => {
    const s = await connected(4)
    const path = `/v1/account/${s.wallet.address}/history`
    const api = e2e.stack.blockchainApi
    if (!api) throw new Error('no blockchain API')
    api.failNext({ path, status: 429 })
    await openActivity(s)
    await s.activity.error.waitFor()
    const faults = [
      { path, status: 503 },
      { path, status: 200, body: '<html><body>Gateway</body></html>', contentType: 'text/html' },
      { path, status: 200, body: '{"data":[{"id":' },
      { path, status: 200, body: '{"data":"none","next":null}' },
      { path, reset: true },
    ]
    for (const fault of faults) {
      const before = api.requests.filter((r) => r.path === path).length
      api.failNext(fault)
      await s.activity.retry.click()
      await poll(() => api.requests.filter((r) => r.path === path).length).toBeGreaterThan(before)
      await s.activity.error.waitFor()
    }
    await s.activity.retry.click()
    await poll(() => s.activity.items.count()).toBeGreaterThan(0)
    // The modal still works: back to Account.
    await s.modal.goBack()
    await s.activity.activityEntry.waitFor()
  })
})

describe('pending transactions', () => {
  test('behavior: on top until the receipt, then one history item, never both', async () => {
    const s = await connected(0)
    await openActivity(s)
    await poll(() => s.activity.items.count()).toBeGreaterThan(0)
    // The most elements that ever carried one hash at once (a pending row and its history item).
    await s.page.evaluate(() => {
      const most: Record<string, number> = {}
      Object.defineProperty(window, '__wkMostPerHash', { value: most })
      const root = document.querySelector('walletkit-modal')?.shadowRoot
      if (!root) throw new Error('no modal')
      new MutationObserver(() => {
        const seen: Record<string, number> = {}
        for (const el of root.querySelectorAll('[data-hash]')) {
          const hash = el.getAttribute('data-hash') ?? ''
          seen[hash] = (seen[hash] ?? 0) + 1
        }
        for (const [hash, n] of Object.entries(seen)) most[hash] = Math.max(most[hash] ?? 0, n)
      }).observe(root, { childList: true, subtree: true, attributes: true })
    })
    await rpc(chain().rpcUrl, 'evm_setAutomine', [false])
    let hash: Hex | undefined
    try {
      const outcome = await s.evm.request<Hex>('eth_sendTransaction', [
        { from: s.wallet.address, to: testAccount(5).address, value: '0x2386f26fc10000' },
      ])
      hash = outcome.result
      if (!hash) throw new Error(`eth_sendTransaction failed: ${outcome.error?.message}`)
      // Not mined: the pipeline's pending row is on top.
      await poll(() => s.activity.pending.getAttribute('data-hash')).toBe(hash)
      expect(
        await s.activity.list.locator('li').first().getByTestId('wk-history-pending').count(),
      ).toBe(1)
      expect(await s.activity.item(hash).count()).toBe(0)
      await rpc(chain().rpcUrl, 'evm_mine')
    } finally {
      await rpc(chain().rpcUrl, 'evm_setAutomine', [true])
    }
    await poll(() => s.activity.item(hash).count()).toBe(1)
    await poll(() => s.activity.pending.count()).toBe(0)
    const row = (await s.activity.rows())[0]
    expect(row).toMatchObject({ hash, direction: 'sent', amount: '-0.01 ETH', status: 'confirmed' })
    const most = await s.page.evaluate(
      () => (window as unknown as { __wkMostPerHash: Record<string, number> }).__wkMostPerHash,
    )
    expect(most[hash]).toBe(1)
  })
})
