import { expect, test } from 'vitest'
import { lamportsToSol, SOLANA_WALLET } from '../../stack/solana/index'
import { setupSolanaE2E } from '../solana/support/fixture'
import { poll } from '../support/poll'
import { CheckoutPage, OnRampPage } from './support/onramp-page'

// On Solana too: SOL bought through the local checkout lands on the SVM and the modal returns to
// Account with the new balance.

const e2e = setupSolanaE2E()

test('default: SOL bought through the checkout lands on the Solana chain', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await s.modal.waitForClosed()
  await s.modal.openViaApi()
  const onramp = new OnRampPage(s.page)
  await onramp.entry.click()
  await onramp.view.waitFor()
  await poll(() =>
    onramp.assets.evaluateAll((list) => list.map((b) => b.getAttribute('data-asset'))),
  ).toEqual(['SOL'])
  await onramp.enter('75')
  await onramp.quote.waitFor()
  const quote = e2e.stack.onramp?.quotes.at(-1)
  expect(quote?.purchaseAmount.currency).toBe('SOL')
  const address = s.wallet.address
  const before = e2e.stack.solana?.chain.balance(address) ?? 0n

  const popup = new CheckoutPage(await onramp.buyAndGetCheckout())
  await popup.pay.click()
  await s.page.locator('[data-testid="wk-view-account"]').waitFor()
  const after = e2e.stack.solana?.chain.balance(address) ?? 0n
  expect(lamportsToSol(after - before)).toBe(quote?.purchaseAmount.amount)
  await poll(() =>
    s.host.state().then((state) => (state.balance as { amount?: string } | null)?.amount),
  ).toBe(lamportsToSol(after))
})
