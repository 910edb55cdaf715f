import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { renderTemplate } from '../stack/static-server'
import { connectNames, RECOMMENDED_COUNT } from './support/catalog'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import {
  expectBlobImages,
  expectSamePicture,
  expectView,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()

const PAGE_PATH = '/embed-hostile/page.html'
/** The rule sets of test/e2e/pages/hostile.html (SECURITY.md row 5). */
const RULE_SETS = ['hide-everything', 'unset-everything', 'huge-font', 'targeted'] as const
type RuleSet = (typeof RULE_SETS)[number] | 'overlay'

/**
 * hostile.html with `<walletkit-embed>` in place of the dialog: the first child of `<body>` (a
 * page that hides the embed's own ancestors hides it, as it would any of its content), and the
 * targeted rules aimed at it too. The embed takes its container's width (embed.test.ts), so
 * `<body>` keeps one width and display under every rule set here, and the embed stays at its top:
 * what changes is only what the rules do to the embed.
 */
const FIXED_BODY =
  'body { display: block !important; margin: 0 !important; width: 420px !important; }'

function serveHostileEmbed(): void {
  const template = readFileSync(new URL('pages/hostile.html', import.meta.url), 'utf8')
  const page = template
    .replace(
      'walletkit-modal, walletkit-modal * {',
      'walletkit-modal, walletkit-modal *, walletkit-embed, walletkit-embed * {',
    )
    .replace(
      '<body>\n    <header>',
      '<body>\n    <walletkit-embed></walletkit-embed>\n    <header>',
    )
    .replace('</head>', `<style>${FIXED_BODY}</style></head>`)
  if (
    ![' walletkit-embed *', '<walletkit-embed></walletkit-embed>\n    <header>', FIXED_BODY].every(
      (s) => page.includes(s),
    )
  )
    throw new Error('hostile.html changed: the embed page could not be made from it')
  const html = renderTemplate(page, e2e.stack.static.vars)
  e2e.mount(PAGE_PATH, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html)
  })
}

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

/** The embed's picture, size and the computed styles that matter. */
async function look(page: Page, embed: ModalPage) {
  await expectView(embed, 'connect')
  await expectWalletNames(embed, connectNames())
  await expectBlobImages(embed, RECOMMENDED_COUNT)
  await page.mouse.move(0, 0)
  const box = await embed.card.boundingBox()
  const styles = await embed.card.evaluate((card) => {
    const root = card.getRootNode() as ShadowRoot
    const pick = (selector: string, props: string[]) => {
      const el = root.querySelector(selector)
      const style = el ? getComputedStyle(el) : undefined
      return Object.fromEntries(props.map((p) => [`${selector} ${p}`, style?.getPropertyValue(p)]))
    }
    return {
      host: getComputedStyle(root.host).display,
      ...pick('.wk-card', ['background-color', 'color', 'width', 'opacity', 'visibility']),
      ...pick('.wk-title', ['font-size', 'font-family', 'letter-spacing', 'color']),
      ...pick('.wk-wallet', ['min-height', 'background-color']),
    }
  })
  return { box: { width: box?.width, height: box?.height }, styles }
}

async function hostileEmbed() {
  serveHostileEmbed()
  const { page } = await e2e.newSession({ reducedMotion: 'reduce' })
  const host = new HostPage(page, e2e.stack)
  await host.goto(PAGE_PATH)
  await host.waitForReady()
  const embed = new ModalPage(page, 'embed')
  const clean = await look(page, embed)
  const picture = () => embed.card.screenshot({ animations: 'disabled', caret: 'hide' })
  return { page, embed, clean, cleanPicture: await picture(), picture }
}

test('default', async () => {
  const { page, embed, clean, cleanPicture, picture } = await hostileEmbed()
  await toggle(page, RULE_SETS)
  // The control: the rules are in force on the page around it.
  expect(
    await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).display),
  ).toBe('none')
  expect(await look(page, embed)).toEqual(clean)
  expectSamePicture(await picture(), cleanPicture, { label: 'the embed under every rule set' })
  // Still usable: a wallet takes the click.
  await embed.allWalletsButton.click({ timeout: 5_000 })
  await expectView(embed, 'all-wallets')
})

test('behavior: each rule set alone leaves the embed as it was', async () => {
  const { page, embed, clean, cleanPicture, picture } = await hostileEmbed()
  for (const rules of RULE_SETS) {
    await toggle(page, [rules])
    expect(await look(page, embed), rules).toEqual(clean)
    expectSamePicture(await picture(), cleanPicture, { label: `the embed under ${rules}` })
    await toggle(page, [rules], false)
  }
})

test('behavior: a page element laid over it covers it, and changes nothing of it', async () => {
  // Inline content is part of the page: unlike the dialog (top layer), an element the page puts
  // above it covers it. Its own styles and size stay the same.
  const { page, embed, clean } = await hostileEmbed()
  await toggle(page, ['overlay'])
  expect(await look(page, embed)).toEqual(clean)
  const hit = await embed.card.evaluate((card) => {
    const r = card.getBoundingClientRect()
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.id
  })
  expect(hit).toBe('overlay')
})
