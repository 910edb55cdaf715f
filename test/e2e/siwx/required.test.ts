import { expect, test } from 'vitest'
import { poll } from '../support/poll'
import { expectModalOpen } from '../support/validators'
import { type SiwxSession, setupSiwxE2E } from './support/fixture'

/** SECURITY.md row 18: a required sign-in cannot be closed; cancel disconnects. */
const e2e = setupSiwxE2E()

/** The sign view is still on screen, open as a modal, and the card shook. */
async function expectStillAsking(s: SiwxSession) {
  await expectModalOpen(s.modal)
  expect(await s.siwx.viewStatus()).toBe('needed')
  expect(await s.host.state()).toMatchObject({ open: true, view: 'SIWXSignMessage', session: null })
}

/**
 * Counts the shakes the router plays when it refuses to close (the card's `data-shake` turning
 * 'true'), whatever their length; returns a function that waits for the next one.
 */
async function watchShakes(s: SiwxSession): Promise<() => Promise<void>> {
  await s.modal.card.evaluate((card) => {
    const w = window as unknown as { __wkShakes: number }
    w.__wkShakes = 0
    new MutationObserver(() => {
      if (card.getAttribute('data-shake') === 'true') w.__wkShakes++
    }).observe(card, { attributes: true, attributeFilter: ['data-shake'] })
  })
  let seen = 0
  return async () => {
    seen++
    await poll(() =>
      s.page.evaluate(() => (window as unknown as { __wkShakes: number }).__wkShakes),
    ).toBeGreaterThanOrEqual(seen)
    // A refusal during a shake plays none: let this one end before the next attempt.
    await poll(() => s.modal.card.getAttribute('data-shake')).toBe('false')
  }
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open('required=1')
  await s.siwx.connectWallet()
  const expectShake = await watchShakes(s)
  await expect(s.siwx.status.textContent()).resolves.toBe(
    'This site needs you to sign in. Cancelling disconnects your wallet.',
  )

  await s.modal.pressEscape()
  await expectShake()
  await expectStillAsking(s)

  await s.modal.clickBackdrop()
  await expectShake()
  await expectStillAsking(s)

  await s.modal.clickClose()
  await expectShake()
  await expectStillAsking(s)

  await s.page.evaluate(() => window.WalletKit?.init().close())
  await expectShake()
  await expectStillAsking(s)

  // Opening another view from the host shows the sign view instead.
  await s.page.evaluate(() => window.WalletKit?.init().open({ view: 'Account' }))
  await expectStillAsking(s)
  expect((await s.host.events()).filter((e) => e.type === 'close')).toEqual([])

  // Once signed in, the modal closes.
  await s.siwx.signButton.click()
  await s.modal.waitForClosed()
  expect((await s.host.state()).session).not.toBeNull()
})

test('behavior: cancel disconnects and resets the view to Connect', async () => {
  const s = await e2e.newSession()
  await s.open('required=1')
  await s.siwx.connectWallet()
  expect(await s.siwx.cancelButton.textContent()).toBe('Cancel')
  await s.siwx.cancelButton.click()
  await s.modal.view('connect').waitFor()
  expect(await s.host.state()).toMatchObject({
    open: true,
    view: 'Connect',
    status: 'disconnected',
    address: null,
    session: null,
  })
  const types = (await s.host.events()).map((e) => e.type)
  expect(types).toContain('disconnected')
  expect(types).not.toContain('signedIn')
  // Now the modal closes normally.
  await s.modal.pressEscape()
  await s.modal.waitForClosed()
})

test('error: 4001 on a required sign-in: "Signature declined", and the view stays', async () => {
  const s = await e2e.newSession()
  await s.open('required=1')
  await s.siwx.connectWallet()
  const expectShake = await watchShakes(s)
  s.wallet.rejectNext('personal_sign', 4001)
  await s.siwx.signButton.click()
  await expect(s.siwx.toast.textContent()).resolves.toBe('Signature declined')
  await s.modal.pressEscape()
  await expectShake()
  await expectStillAsking(s)
})

test('behavior: a reload without a session asks at once', async () => {
  const s = await e2e.newSession()
  await s.open('required=1')
  await s.siwx.connectWallet()
  await s.page.reload()
  await s.host.waitForReady()
  // The wallet reconnects silently; the sign view opens by itself and cannot be closed.
  await s.siwx.waitForSignView()
  const expectShake = await watchShakes(s)
  await s.modal.pressEscape()
  await expectShake()
  await expectStillAsking(s)
})
