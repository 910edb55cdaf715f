import { expect, test } from 'vitest'
import { buildTransfer, SOLANA_WALLET, solanaTestAccount } from '../../stack/solana/index'
import { setupSolanaE2E } from '../solana/support/fixture'
import { poll } from '../support/poll'
import { ActivityPage } from './support/activity-page'

const e2e = setupSolanaE2E()

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await s.solana.wallet(SOLANA_WALLET.name).click()
  await s.modal.waitForClosed()
  const chain = e2e.stack.solana?.chain
  if (!chain) throw new Error('no SVM')
  const { address: to } = await solanaTestAccount(200)
  const wire = buildTransfer({
    from: s.wallet.address,
    to,
    lamports: 1_250_000_000n,
    blockhash: chain.svm.latestBlockhash(),
  })
  const { result: signature, error } = await s.solana.provider<string>('signAndSendTransaction', [
    ...wire,
  ])
  expect(error).toBeUndefined()

  // The SOL transfer, read from the SVM by the stand-in's indexer, under this month.
  const activity = new ActivityPage(s.page)
  await s.modal.openViaApi()
  await activity.activityEntry.click()
  await poll(() => activity.item(signature ?? '').count()).toBe(1)
  expect(await activity.months()).toEqual([
    new Intl.DateTimeFormat('en', { month: 'long' }).format(chain.time() * 1000),
  ])
  const [row] = await activity.rows()
  expect(row).toMatchObject({
    hash: signature,
    direction: 'sent',
    amount: '-1.25 SOL',
    party: `To ${to.slice(0, 6)}…${to.slice(-4)}`,
    partyTitle: to,
  })
  const requests = (e2e.stack.blockchainApi?.requests ?? []).filter((r) =>
    r.path.endsWith('/history'),
  )
  expect(requests[0]).toMatchObject({
    path: `/v1/account/${s.wallet.address}/history`,
    query: { chainId: 'solana:localnet' },
  })
})
