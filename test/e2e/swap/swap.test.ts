import { maxUint256, parseEther, parseUnits } from 'viem'
import { expect, test } from 'vitest'
import { details, methods } from '../evm/support/fixture'
import { seriousAxeViolations } from '../support/axe'
import { poll } from '../support/poll'
import { openSwap, type SwapSession, setupSwapE2E } from './support/fixture'

const e2e = setupSwapE2E()

/** The wallet's eth_sendTransaction calls so far, as `to` and `value`. */
function sent(s: SwapSession) {
  return s.wallet.calls
    .filter((c) => c.method === 'eth_sendTransaction')
    .map((c) => (c.params as { to: string; value?: string }[])[0])
}

/** Picks the tokens, types the amount and waits for the quote. */
async function quote(s: SwapSession, pay: string, receive: string, amount: string) {
  await s.swap.pay(pay)
  await s.swap.receive(receive)
  await s.swap.type(amount)
  await poll(() => s.swap.action.textContent()).toBe('Review swap')
  await poll(() => s.swap.action.isEnabled()).toBe(true)
}

test('default', async () => {
  // USDC (6 decimals) for WETH (18): the exact amount is approved first, then swapped.
  const s = await e2e.session({ accountIndex: 1 })
  const user = s.wallet.address
  const [usdc, weth] = [await s.chain.balance('USDC', user), await s.chain.balance('WETH', user)]
  // The page's eth_simulateV1 calls, by the calls each simulates (anvil answers it).
  const simulated: string[][] = []
  s.page.on('request', (request) => {
    const body = request.postData()
    if (!body?.includes('"eth_simulateV1"')) return
    const { params } = JSON.parse(body) as {
      params: [{ blockStateCalls: { calls: { to: string }[] }[] }]
    }
    simulated.push(params[0].blockStateCalls[0]?.calls.map((c) => c.to.toLowerCase()) ?? [])
  })
  await openSwap(s)
  await quote(s, 'USDC', 'WETH', '3000')
  const amount = parseUnits('3000', 6)
  const quoted = await s.chain.quote('USDC', 'WETH', amount)
  // The form shows the router's quote to 6 decimals.
  expect(await s.swap.receiveAmount.inputValue()).toBe('0.996006')
  expect(quoted).toBe(996_006_981_039_903_216n)
  expect(await s.swap.detail('provider-fee').textContent()).toBe('25.5 USDC (0.85%)')
  expect(await s.swap.detail('max-slippage').textContent()).toBe('1%')
  expect(await s.swap.detail('minimum-received').textContent()).toBe('0.986046 WETH')
  expect(await s.swap.detail('price-impact').textContent()).toBe('0.399%')
  expect(await s.swap.detail('network-fee').textContent()).toMatch(/^\$\d+\.\d\d$/)

  await s.swap.action.click()
  await s.swap.review.waitFor()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve USDC')
  await s.swap.reviewAction.click()
  await s.swap.approval.waitFor()
  const router = s.chain.chain.router
  expect(await s.swap.approveStatement.textContent()).toBe(`Allow ${router} to spend 3,000 USDC`)
  await s.swap.approveConfirm.click()
  await s.swap.review.waitFor()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  expect(await s.chain.allowance('USDC', user)).toBe(amount)
  expect(await s.swap.reviewStatement.textContent()).toBe(
    `Swap 3,000 USDC for at least 0.986046 WETH through ${router}.`,
  )
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()

  // The chain moved exactly what was quoted; the exact approval is used up.
  await poll(() => s.chain.balance('USDC', user)).toBe(usdc - amount)
  expect((await s.chain.balance('WETH', user)) - weth).toBe(quoted)
  expect(await s.chain.allowance('USDC', user)).toBe(0n)
  expect(sent(s).map((tx) => tx?.to?.toLowerCase())).toEqual([
    s.chain.token('USDC').address.toLowerCase(),
    router.toLowerCase(),
  ])
  // Both went through the transaction pipeline, which announced each with its kind.
  const announced = (await details(s, 'transaction')) as { kind: string; caipNetworkId: string }[]
  expect(announced.map((e) => [e.kind, e.caipNetworkId])).toEqual([
    ['approve', 'eip155:31337'],
    ['swap', 'eip155:31337'],
  ])
  await poll(() => s.evm.toasts()).toContain('Swapped USDC to 0.996 WETH')
  // Simulated before each was asked: the approval with the swap, then the swap alone.
  const [token, to] = [s.chain.token('USDC').address.toLowerCase(), router.toLowerCase()]
  expect(simulated[0]).toEqual([token, to])
  expect(simulated).toContainEqual([to])
  expect(s.pageErrors).toEqual([])
  // The two POSTs with projectId in their body carry the SDK type and version too (SPEC §7).
  for (const path of ['/v1/convert/build-transaction', '/v1/fungible/price']) {
    const posts = e2e.stack.blockchainApi?.requests.filter((r) => r.path === path) ?? []
    expect(posts.length, path).toBeGreaterThan(0)
    for (const post of posts)
      expect(post.query, path).toMatchObject({
        st: 'walletkit',
        sv: expect.stringMatching(/^html-walletkit-/),
      })
  }
})

test('behavior: an unlimited approval, chosen by the visitor, lets the next swap skip it', async () => {
  const s = await e2e.session({ accountIndex: 2 })
  const user = s.wallet.address
  await openSwap(s)
  await quote(s, 'USDC', 'WETH', '100')
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve USDC')
  await s.swap.reviewAction.click()
  await s.swap.approveUnlimited.check()
  await poll(() => s.swap.approveStatement.textContent()).toBe(
    `Allow ${s.chain.chain.router} to spend an unlimited amount of USDC`,
  )
  await s.swap.approveConfirm.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
  expect(await s.chain.allowance('USDC', user)).toBe(maxUint256)

  // The second swap of USDC goes straight to 'Swap'.
  const calls = s.wallet.calls.length
  await openSwap(s)
  await quote(s, 'USDC', 'WETH', '50')
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
  expect(methods(s.wallet, calls).filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
})

test('behavior: the coin for a token needs no approval; the swap carries the amount', async () => {
  const s = await e2e.session({ accountIndex: 3 })
  const user = s.wallet.address
  await openSwap(s)
  expect(await s.swap.tokenText('pay')).toBe('ETH')
  await quote(s, 'ETH', 'USDC', '0.5')
  const quoted = await s.chain.quote('ETH', 'USDC', parseEther('0.5'))
  const before = await s.chain.balance('USDC', user)
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Swap')
  await s.swap.reviewAction.click()
  await s.evm.view('account').waitFor()
  expect(sent(s)).toEqual([
    expect.objectContaining({
      to: s.chain.chain.router,
      value: `0x${parseEther('0.5').toString(16)}`,
    }),
  ])
  await poll(() => s.chain.balance('USDC', user)).toBe(before + quoted)
})

test('behavior: flip swaps the tokens and carries the quote; 1 when there is none', async () => {
  const s = await e2e.session({ accountIndex: 4 })
  await openSwap(s)
  await s.swap.receive('USDC')
  await s.swap.flip.click()
  expect(await s.swap.tokenText('pay')).toBe('USDC')
  expect(await s.swap.tokenText('receive')).toBe('ETH')
  expect(await s.swap.payAmount.inputValue()).toBe('1')
  await poll(() => s.swap.receiveAmount.inputValue()).not.toBe('')
  const quoted = await s.swap.receiveAmount.inputValue()
  await s.swap.flip.click()
  expect(await s.swap.tokenText('pay')).toBe('ETH')
  // The quote is shown grouped in the locale; the flipped amount is the same number, to type on.
  expect(await s.swap.payAmount.inputValue()).toBe(quoted.replaceAll(',', ''))
})

test('behavior: the token list: holdings first, then suggested and popular, searchable', async () => {
  const s = await e2e.session({ accountIndex: 0 })
  await openSwap(s)
  await s.swap.receiveToken.click()
  expect(await s.swap.symbols('yours')).toEqual(['ETH', 'WETH', 'USDC', 'DAI'])
  expect(await s.swap.symbols('suggested')).toEqual(['ETH', 'DAI', 'WETH', 'USDC'])
  await s.swap.search.fill('dai')
  expect(await s.swap.symbols('suggested')).toEqual(['DAI'])
  expect(await s.swap.symbols('yours')).toEqual(['DAI'])
  await s.swap.search.fill(s.chain.token('USDC').address.toLowerCase())
  expect(await s.swap.symbols('suggested')).toEqual(['USDC'])
})

test('behavior: axe finds nothing serious in the form, the token list, the review and the approval', async () => {
  const s = await e2e.session({ accountIndex: 4 })
  await openSwap(s)
  await quote(s, 'DAI', 'USDC', '5')
  expect(await seriousAxeViolations(s.page, 'walletkit-modal'), 'form').toEqual([])
  await s.swap.payToken.click()
  await s.swap.search.waitFor()
  expect(await seriousAxeViolations(s.page, 'walletkit-modal'), 'token list').toEqual([])
  await s.page.locator('[data-testid="wk-swap-selector-close"]').click()
  await s.swap.action.click()
  await poll(() => s.swap.reviewAction.textContent()).toBe('Approve DAI')
  expect(await seriousAxeViolations(s.page, 'walletkit-modal'), 'review').toEqual([])
  await s.swap.reviewAction.click()
  await s.swap.approval.waitFor()
  expect(await seriousAxeViolations(s.page, 'walletkit-modal'), 'approval').toEqual([])
})
