import { type Hex, parseEther } from 'viem'
import { expect, test } from 'vitest'
import { rpc, testAccount } from '../../stack/chain/index'
import {
  formatReply,
  PARENT_SDK_VERSION,
  SAFE_FUNDS,
  startSafeParent,
} from '../../stack/safe/index'
import { shownBalance } from '../evm/support/evm-page'
import { poll, untilQuiet } from '../support/poll'
import { eventsIn, requestIn, setupSafeE2E, stateIn, waitForReady } from './support/fixture'

const e2e = setupSafeE2E()
const byTestId = (id: string) => `[data-testid="${id}"]`
const safeOn = (chainId = 31337) => {
  const safe = e2e.stack.safe?.safes.find((s) => s.chainId === chainId)
  if (!safe) throw new Error('no Safe')
  return safe
}
const balanceOf = async (address: string) =>
  BigInt(await rpc<Hex>(safeOn().rpcUrl, 'eth_getBalance', [address, 'latest']))

test('default: the demo in the Safe connects the Safe silently and shows it in Account', async () => {
  const session = await e2e.newSession()
  const frame = await session.openParent()
  const safe = safeOn()
  await poll(() => stateIn(frame).then((s) => s.address)).toBe(safe.address)
  const state = await stateIn(frame)
  expect(state).toMatchObject({
    status: 'connected',
    caipNetworkId: 'eip155:31337',
    connector: { id: 'safe', name: 'Safe' },
  })
  const connected = (await eventsIn(frame)).filter((e) => e.type === 'connected')
  expect(connected.map((e) => e.detail)).toEqual([
    {
      address: safe.address,
      caipAddress: `eip155:31337:${safe.address}`,
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      connector: { id: 'safe', name: 'Safe', type: 'SAFE' },
    },
  ])
  // No prompt: the modal never opened for it.
  expect((await eventsIn(frame)).some((e) => e.type === 'open')).toBe(false)

  await frame.evaluate(() => window.WalletKit?.init().open())
  await frame.locator(byTestId('wk-view-account')).waitFor()
  expect(await frame.locator(byTestId('wk-account-connector')).textContent()).toBe(
    'Connected with Safe',
  )
  expect(await frame.locator(byTestId('wk-account-name')).getAttribute('title')).toBe(safe.address)
  expect(await frame.locator(byTestId('wk-account-network')).textContent()).toContain('Devnet')
  await poll(() => frame.locator(byTestId('wk-account-balance')).textContent()).toBe(
    shownBalance(parseEther(SAFE_FUNDS.ETH)),
  )
})

test('default: a transaction goes through the Safe, runs on chain and is reported by its Safe hash', async () => {
  const session = await e2e.newSession()
  const frame = await session.openParent()
  const safe = safeOn()
  await poll(() => stateIn(frame).then((s) => s.status)).toBe('connected')
  const to = testAccount(9).address
  const before = await balanceOf(to)
  const sent = await requestIn(frame, 'eth_sendTransaction', [
    { from: safe.address, to, value: '0x2386f26fc10000' },
  ])
  const [executed] = e2e.stack.safe?.controls.transactions ?? []
  expect(sent.result).toBe(executed?.safeTxHash)
  expect(executed?.txHash).not.toBe(executed?.safeTxHash)
  expect(await balanceOf(to)).toBe(before + parseEther('0.01'))
  await poll(() =>
    eventsIn(frame).then((list) =>
      list.filter((e) => e.type === 'transaction').map((e) => e.detail),
    ),
  ).toEqual([
    { hash: executed?.safeTxHash, kind: 'send', caipNetworkId: 'eip155:31337', hashType: 'safe' },
  ])
  // The Safe hash leads to the receipt of the transaction that executed it.
  const receipt = await requestIn(frame, 'eth_getTransactionReceipt', [sent.result])
  expect(receipt.result).toMatchObject({ status: '0x1', transactionHash: executed?.txHash })
})

test('behavior: the owner confirms in the Safe; a rejection reaches the site as 4001', async () => {
  const session = await e2e.newSession()
  const controls = e2e.stack.safe?.controls
  if (!controls) throw new Error('no Safe stand-in')
  controls.approval = 'manual'
  const frame = await session.openParent()
  await poll(() => stateIn(frame).then((s) => s.status)).toBe('connected')
  const to = testAccount(9).address
  const approved = requestIn(frame, 'eth_sendTransaction', [{ to, value: '0x1' }])
  await session.page.locator(byTestId('safe-approve')).click()
  expect((await approved).result).toBe(controls.transactions[0]?.safeTxHash)
  const rejected = requestIn(frame, 'eth_sendTransaction', [{ to, value: '0x1' }])
  await session.page.locator(byTestId('safe-reject')).click()
  expect((await rejected).error?.code).toBe(4001)
  expect(controls.transactions).toHaveLength(1)
  expect((await eventsIn(frame)).filter((e) => e.type === 'transaction')).toHaveLength(1)
})

test('error: forged Safe answers from a page script and a sibling frame are ignored; replays too', async () => {
  const session = await e2e.newSession()
  const controls = e2e.stack.safe?.controls
  if (!controls) throw new Error('no Safe stand-in')
  // The owner confirms by hand: the request stays pending, and its id can be forged meanwhile.
  controls.approval = 'manual'
  const frame = await session.openParent()
  await poll(() => stateIn(frame).then((s) => s.status)).toBe('connected')
  const to = testAccount(9).address
  const sent = requestIn(frame, 'eth_sendTransaction', [{ to, value: '0x1' }])
  await session.page.locator(byTestId('safe-approve')).waitFor()
  const request = controls.calls.find((c) => c.method === 'sendTransactions')
  const forgedHash = `0x${'66'.repeat(32)}`
  const forged = formatReply(
    request?.id as string,
    { data: { safeTxHash: forgedHash } },
    PARENT_SDK_VERSION,
  )
  // Counts the messages that answer this request id, whoever sent them (other answers, such as
  // the pipeline's questions about the execution, do not count).
  await frame.evaluate((requestId) => {
    ;(window as unknown as { __messages: number }).__messages = 0
    window.addEventListener('message', (event) => {
      if ((event.data as { id?: unknown } | null)?.id === requestId)
        (window as unknown as { __messages: number }).__messages++
    })
  }, request?.id as string)
  // A script of the framed page posts to its own window.
  await frame.evaluate((message) => window.postMessage(message, '*'), forged)
  // A sibling frame in the Safe page, on the Safe's own (allowed) origin but not the parent
  // window, posts to the app's frame.
  const siblingUrl = `${e2e.stack.urls.safe}/parent.js`
  await session.page.evaluate((src) => {
    const sibling = document.createElement('iframe')
    sibling.src = src
    document.body.append(sibling)
  }, siblingUrl)
  let sibling: import('playwright-core').Frame | undefined
  await poll(() => {
    sibling = session.page.frames().find((f) => f.url().startsWith(siblingUrl))
    return sibling !== undefined
  }).toBe(true)
  await sibling?.waitForLoadState('load')
  await sibling?.evaluate((message) => window.parent.frames[0]?.postMessage(message, '*'), forged)
  await poll(() =>
    frame.evaluate(() => (window as unknown as { __messages: number }).__messages),
  ).toBe(2)

  // The owner approves in the Safe: its answer is the one that counts.
  await session.page.locator(byTestId('safe-approve')).click()
  const result = (await sent).result
  expect(result).toBe(controls.transactions[0]?.safeTxHash)
  expect(result).not.toBe(forgedHash)
  // A replay of the id from the parent itself, now answered, changes nothing.
  await session.page.evaluate(
    ({ message, origin }) =>
      (document.getElementById('app') as HTMLIFrameElement).contentWindow?.postMessage(
        message,
        origin,
      ),
    { message: forged, origin: new URL(e2e.stack.urls.app).origin },
  )
  await poll(() =>
    frame.evaluate(() => (window as unknown as { __messages: number }).__messages),
  ).toBe(4)
  expect(
    (await eventsIn(frame))
      .filter((e) => e.type === 'transaction')
      .map((e) => (e.detail as { hash: string }).hash),
  ).toEqual([result])
})

test('behavior: the kit is ready, and disconnected, though the Safe parent never answers', async () => {
  const session = await e2e.newSession()
  const controls = e2e.stack.safe?.controls
  if (!controls) throw new Error('no Safe stand-in')
  // A page of the test before may still have a transaction status request on its way.
  await untilQuiet(() => controls.calls.length)
  controls.reset()
  controls.silent = true
  const frame = await session.openParent()
  await waitForReady(frame)
  await poll(() => controls.calls.map((c) => c.method)).toEqual(['getSafeInfo'])
  expect((await stateIn(frame)).status).not.toBe('connected')
})

test('error: a parent on an origin the site did not allow is never written to, and no Safe is offered', async () => {
  const session = await e2e.newSession()
  const stack = e2e.stack
  const other = await startSafeParent({
    chains: stack.chains,
    safes: stack.safe?.safes,
    appUrl: stack.urls.app,
  })
  try {
    expect(other.origin).not.toBe(stack.safe?.origin)
    const frame = await session.openParent({ parentUrl: other.url })
    await waitForReady(frame)
    await frame.evaluate(() => window.WalletKit?.init().open())
    await frame.locator(byTestId('wk-view-connect')).waitFor()
    expect(await frame.locator(`${byTestId('wk-wallet')}[data-wallet-id="safe"]`).count()).toBe(0)
    expect((await stateIn(frame)).status).toBe('disconnected')
    expect(other.controls.calls).toEqual([])
    expect(stack.safe?.controls.calls).toEqual([])
  } finally {
    await other.stop()
  }
})

test('behavior: a Safe parent that does not answer leaves the kit as it was; outside a frame nothing is asked', async () => {
  const session = await e2e.newSession()
  const controls = e2e.stack.safe?.controls
  if (!controls) throw new Error('no Safe stand-in')
  controls.silent = true
  const frame = await session.openParent()
  await waitForReady(frame)
  await frame.evaluate(() => window.WalletKit?.init().open())
  await frame.locator(byTestId('wk-view-connect')).waitFor()
  expect((await stateIn(frame)).status).toBe('disconnected')
  expect(controls.calls.map((c) => c.method)).toEqual(['getSafeInfo'])

  // The demo on its own: no message to any parent, no Safe.
  controls.reset()
  await session.page.goto(`${e2e.stack.urls.app}/`)
  await session.page.waitForFunction(() => window.__wkEvents?.some((e) => e.type === 'ready'))
  await session.page.evaluate(() => window.WalletKit?.init().open())
  await session.page.locator(byTestId('wk-view-connect')).waitFor()
  expect(
    await session.page.locator(`${byTestId('wk-wallet')}[data-wallet-id="safe"]`).count(),
  ).toBe(0)
  expect(controls.calls).toEqual([])
})
