import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { connectNames, RECOMMENDED_COUNT, walletsFor } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage, PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import {
  expectBlobImages,
  expectSamePicture,
  expectView,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()

/** The rule sets of test/e2e/pages/hostile.html (SECURITY.md row 5). */
const RULE_SETS = [
  'hide-everything',
  'unset-everything',
  'overlay',
  'huge-font',
  'targeted',
] as const
type RuleSet = (typeof RULE_SETS)[number]

/** Margin kept clear of the card's rounded corners and shadow when clipping screenshots. */
const CORNER_PX = 18

/** What the modal looks like: a screenshot of the card and the computed styles that matter. */
type Look = {
  picture: Buffer
  box: { width: number; height: number }
  styles: Record<string, string>
}

async function hostilePage() {
  const { page } = await e2e.newSession({ reducedMotion: 'reduce' })
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  await host.goto(PAGES.hostile)
  await host.waitForReady()
  return { page, host, modal }
}

/** Switches rule sets of the hostile page on (`on`) or off. */
async function toggle(page: Page, sets: readonly RuleSet[], on = true): Promise<void> {
  await page.evaluate(
    ([names, media]) => {
      for (const name of names) {
        const style = document.querySelector(`style[data-rules="${name}"]`)
        if (!(style instanceof HTMLStyleElement)) throw new Error(`no rule set ${name}`)
        style.media = media
      }
    },
    [sets, on ? 'all' : 'not all'] as const,
  )
}

/** Opens the modal from the API, waits for Connect with its images, and records its look. */
async function look(page: Page, modal: ModalPage): Promise<Look> {
  await modal.openViaApi()
  await expectWalletNames(modal, connectNames())
  await expectBlobImages(modal, RECOMMENDED_COUNT)
  // Same focus and hover state for every picture: nothing focused, the pointer off the card.
  await page.mouse.move(0, 0)
  await modal.dialog.evaluate((dialog) => {
    const active = (dialog.getRootNode() as ShadowRoot).activeElement
    if (active instanceof HTMLElement) active.blur()
  })
  const box = await modal.cardBox()
  const picture = await page.screenshot({
    clip: {
      x: box.x + CORNER_PX,
      y: box.y + CORNER_PX,
      width: box.width - 2 * CORNER_PX,
      height: box.height - 2 * CORNER_PX,
    },
    animations: 'disabled',
    caret: 'hide',
  })
  const styles = await modal.card.evaluate((card) => {
    const root = card.getRootNode() as ShadowRoot
    const pick = (selector: string, props: string[]) => {
      const el = root.querySelector(selector)
      if (!el) return {}
      const style = getComputedStyle(el)
      return Object.fromEntries(props.map((p) => [`${selector} ${p}`, style.getPropertyValue(p)]))
    }
    return {
      ...pick('.wk-card', [
        'background-color',
        'color',
        'border-radius',
        'font-size',
        'width',
        'display',
        'opacity',
        'visibility',
      ]),
      ...pick('.wk-title', [
        'font-size',
        'font-family',
        'font-weight',
        'letter-spacing',
        'line-height',
        'color',
      ]),
      ...pick('.wk-wallet-name', ['font-size', 'font-family', 'letter-spacing']),
      ...pick('.wk-wallet', ['min-height', 'background-color', 'display']),
    }
  })
  return { picture, box: { width: box.width, height: box.height }, styles }
}

/** The card is what a visitor sees and hits at its centre: the modal is above everything. */
async function expectOnTop(page: Page): Promise<void> {
  const hit = await page.evaluate(() => {
    const host = document.querySelector('walletkit-modal')
    const root = host?.shadowRoot
    const card = root?.querySelector('.wk-card')
    if (!host || !root || !card) return { found: false }
    const r = card.getBoundingClientRect()
    const x = r.left + r.width / 2
    const y = r.top + r.height / 2
    const inner = root.elementFromPoint(x, y)
    return {
      found: true,
      inCard: !!inner && card.contains(inner),
      outer: document.elementFromPoint(x, y)?.tagName.toLowerCase() ?? null,
    }
  })
  expect(hit).toEqual({ found: true, inCard: true, outer: 'walletkit-modal' })
}

/** Clicking a wallet still reaches it (Playwright refuses to click through an element on top). */
async function expectWalletClickable(modal: ModalPage): Promise<void> {
  const [first] = walletsFor()
  await modal.wallet(first?.id ?? '').click({ timeout: 5_000 })
  await expectView(modal, 'connecting', first?.name)
}

/** Closes the modal (it reopens on Connect). */
async function close(modal: ModalPage): Promise<void> {
  await modal.pressEscape()
  await modal.waitForClosed()
}

/** Under `rules`, the modal looks as it did on the clean page, is on top and takes clicks. */
async function expectUnaffected(
  page: Page,
  modal: ModalPage,
  clean: Look,
  rules: readonly RuleSet[],
) {
  await toggle(page, rules)
  const hostile = await look(page, modal)
  const label = rules.join(' + ')
  expect(hostile.styles, `computed styles under ${label}`).toEqual(clean.styles)
  expect(hostile.box, `card size under ${label}`).toEqual(clean.box)
  expectSamePicture(hostile.picture, clean.picture, { label: `the card under ${label}` })
  await expectOnTop(page)
  await expectWalletClickable(modal)
  await close(modal)
  await toggle(page, rules, false)
}

/** The hostile page with the modal's clean look recorded first. */
async function withCleanLook() {
  const { page, modal } = await hostilePage()
  const clean = await look(page, modal)
  await close(modal)
  return { page, modal, clean }
}

test('default', async () => {
  const { page, modal, clean } = await withCleanLook()
  await expectUnaffected(page, modal, clean, RULE_SETS)
})

test('behavior: each rule set alone leaves the modal as it was and on top', async () => {
  const { page, modal, clean } = await withCleanLook()
  for (const rules of RULE_SETS) await expectUnaffected(page, modal, clean, [rules])
})
test('behavior: a site’s own --wk-* tokens still reach the modal', async () => {
  // The isolation above must not shut out what DESIGN §1 allows: theme tokens set from outside.
  const { page, modal } = await hostilePage()
  await page.addStyleTag({
    content:
      'walletkit-modal { --wk-background: rgb(1, 2, 3); --wk-foreground: rgb(250, 250, 250); }',
  })
  await modal.openViaApi()
  expect(await modal.card.evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
    'rgb(1, 2, 3)',
  )
  expect(await modal.title.evaluate((title) => getComputedStyle(title).color)).toBe(
    'rgb(250, 250, 250)',
  )
})

test('behavior: the hostile rules do reach the host page', async () => {
  // The control: each set really changes the page around the modal, so the tests above prove
  // something about the modal and not about rules that never applied.
  const { page } = await hostilePage()
  const probe = () =>
    page.evaluate(() => {
      const overlay = document.getElementById('overlay')
      const h1 = document.querySelector('h1')
      return {
        h1Display: h1 ? getComputedStyle(h1).display : '',
        h1Size: h1 ? getComputedStyle(h1).fontSize : '',
        overlayZ: overlay ? getComputedStyle(overlay).zIndex : '',
        root: getComputedStyle(document.documentElement).fontSize,
      }
    })
  const before = await probe()
  await toggle(page, ['hide-everything'])
  expect((await probe()).h1Display).toBe('none')
  await page.reload()
  await toggle(page, ['huge-font', 'overlay'])
  const after = await probe()
  expect(after.root).toBe('40px')
  expect(after.overlayZ).toBe('2147483647')
  expect(after.h1Size).not.toBe(before.h1Size)
})
