import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { connect, type EvmSession, networkObjects, setupEvmE2E } from './evm/support/fixture'
import { poll } from './support/poll'

const e2e = setupEvmE2E()

/** An installed wallet's name of 20 characters, like none of the catalogue's. */
const LONG_NAME = 'Northwind Web Wallet'

/**
 * The texts on screen that do not show whole on one line: installed wallets' names and every
 * button's label (their lines counted from the boxes of their text; cut when a text is wider than
 * its box). A wallet's tag is left out: it gives way to the name when room is short.
 */
function cutOrWrapped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('walletkit-modal')?.shadowRoot
    const card = root?.querySelector('.wk-card')
    if (!card) throw new Error('no modal card')
    const found: string[] = []
    const labels = card.querySelectorAll<HTMLElement>(
      '.wk-wallet-name, .wk-button, .wk-token-button, .wk-tab',
    )
    for (const el of labels) {
      if (el.getBoundingClientRect().width === 0 || el.closest('.wk-grid')) continue
      const lines = new Set<number>()
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.wk-sr-only')) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const r of range.getClientRects()) if (r.width > 0) lines.add(Math.round(r.bottom))
      }
      const boxes = [el, ...el.querySelectorAll<HTMLElement>('*')].filter(
        (e) => !e.closest('.wk-sr-only, svg'),
      )
      const cut = boxes.some((e) => e.scrollWidth > e.clientWidth + 1)
      const text = el.textContent?.trim()
      if (text && (lines.size > 1 || cut))
        found.push(`${text} (${lines.size} lines${cut ? ', cut' : ''})`)
    }
    return found
  })
}

async function session(locale: string): Promise<EvmSession> {
  const s = await e2e.newSession({
    install: { announceAs: { name: LONG_NAME } },
    context: { viewport: { width: 1280, height: 800 } },
  })
  await s.open({
    locale,
    networks: networkObjects(e2e.stack.chains).map((n) => ({ ...n, swaps: true })),
  })
  return s
}

const waitForLocale = (s: EvmSession, locale: string) =>
  poll(() => s.host.state().then((state) => state.locale)).toBe(locale)

test.each(['en', 'ja'])(
  'default: in %s at 1280 px no installed wallet name and no action label is cut or wrapped',
  async (locale) => {
    const s = await session(locale)
    await s.modal.openViaApi()
    await waitForLocale(s, locale)
    const wallet = s.evm.wallet(s.info.uuid)
    await wallet.waitFor()
    expect(await wallet.locator('.wk-wallet-name').textContent()).toBe(LONG_NAME)
    await s.modal.waitForWallets(4)
    expect(await cutOrWrapped(s.page), 'Connect').toEqual([])

    await connect(s)
    await s.modal.openViaApi()
    await s.evm.view('account').waitFor()
    await s.page.locator('[data-testid="wk-account-feature-send"]').waitFor()
    expect(await cutOrWrapped(s.page), 'Account').toEqual([])

    for (const view of ['Send', 'Receive', 'Swap', 'OnRamp']) {
      await s.page.evaluate((v) => window.WalletKit?.init().open({ view: v as never }), view)
      await s.page.locator(`[data-testid="wk-view-${view.toLowerCase()}"]`).waitFor()
      await s.page.locator('.wk-button').first().waitFor()
      expect(await cutOrWrapped(s.page), view).toEqual([])
    }
  },
)

test('behavior: the check sees a label cut or wrapped', async () => {
  const s = await session('en')
  await s.modal.openViaApi()
  await s.evm.wallet(s.info.uuid).waitFor()
  await s.page.evaluate(() => {
    const root = document.querySelector('walletkit-modal')?.shadowRoot
    const card = root?.querySelector<HTMLElement>('.wk-card')
    if (card) card.style.width = '200px'
  })
  const found = await cutOrWrapped(s.page)
  expect(found.some((text) => text.startsWith(LONG_NAME) && text.includes('cut'))).toBe(true)
  expect(found.some((text) => /Continue with Google \(2 lines/.test(text))).toBe(true)
})
