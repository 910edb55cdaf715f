import { expect, test } from 'vitest'
import { connectNames, PAGE_SIZE } from './support/catalog'
import { setupE2E } from './support/fixture'
import { DEMO_NETWORKS, HostPage, NETWORKS, PAGES } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { poll, untilQuiet } from './support/poll'
import {
  eventTypes,
  expectCatalogRequest,
  expectView,
  expectWalletCount,
  expectWalletNames,
} from './support/validators'

const e2e = setupE2E()

async function demo() {
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.gotoDemo()
  return { ...session, host, modal }
}

test('default', async () => {
  const { host, modal } = await demo()
  expect(await host.hostCount()).toBe(1)
  expect(await host.state()).toMatchObject({ open: false, caipNetworkId: NETWORKS[0] })

  await modal.openViaButton()
  await expectView(modal, 'connect', 'Connect Wallet')
  await expectWalletNames(modal, connectNames())
  // data-networks and data-api-url reached the catalogue request.
  await expectCatalogRequest(e2e.stack, '/getWallets', {
    chains: DEMO_NETWORKS.join(','),
    projectId: e2e.stack.projectId,
  })
})

test('behavior: data-walletkit-open opens Connect, or the view it names', async () => {
  const { page, host, modal } = await demo()
  await page.getByRole('button', { name: 'Browse all wallets' }).click()
  await modal.waitForOpen()
  await expectView(modal, 'all-wallets', 'All Wallets')
  await expectWalletCount(modal, PAGE_SIZE)
  await modal.pressEscape()
  await modal.waitForClosed()

  await page.getByRole('button', { name: 'Open the modal' }).click()
  await modal.waitForOpen()
  await expectView(modal, 'connect', 'Connect Wallet')
  expect(eventTypes(await host.events())).toEqual(['ready', 'open', 'close', 'open'])
})

test('behavior: <walletkit-button> opens the modal each time it is clicked', async () => {
  const { host, modal } = await demo()
  for (let round = 0; round < 2; round++) {
    await modal.openViaButton()
    await expectView(modal, 'connect')
    await modal.clickClose()
    await modal.waitForClosed()
  }
  expect(eventTypes(await host.events())).toEqual(['ready', 'open', 'close', 'open', 'close'])
})

test('behavior: data-theme-mode="system" follows the visitor’s colour scheme', async () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const { page } = await e2e.newSession({ colorScheme })
    const host = new HostPage(page, e2e.stack)
    const modal = new ModalPage(page)
    await host.gotoDemo()
    expect(await modal.host.getAttribute('data-theme')).toBe(colorScheme)
    await modal.openViaButton()
    const background = await modal.card.evaluate((card) => getComputedStyle(card).backgroundColor)
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(21, 23, 28)' : 'rgb(255, 255, 255)')
  }
})

test('behavior: the demo’s "Toggle dark mode" switches the modal and the page on its first press', async () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    const { page } = await e2e.newSession({ colorScheme })
    const host = new HostPage(page, e2e.stack)
    const modal = new ModalPage(page)
    await host.gotoDemo()
    const pageBackground = () =>
      page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const shown = { dark: 'rgb(18, 20, 23)', light: 'rgb(250, 251, 252)' }
    expect(await pageBackground()).toBe(shown[colorScheme])
    const other = colorScheme === 'dark' ? 'light' : 'dark'
    await page.getByRole('button', { name: 'Toggle dark mode' }).click()
    await poll(() => modal.host.getAttribute('data-theme')).toBe(other)
    expect(await pageBackground()).toBe(shown[other])
    await page.getByRole('button', { name: 'Toggle dark mode' }).click()
    await poll(() => modal.host.getAttribute('data-theme')).toBe(colorScheme)
    expect(await pageBackground()).toBe(shown[colorScheme])
  }
})

test('behavior: the demo says which wallet to pick and links the mailbox of the email codes', async () => {
  const { host, page } = await demo()
  const hint = page.locator('#try')
  expect(await hint.textContent()).toMatch(/Pick\s+Devnet Wallet/)
  const mailbox = hint.getByRole('link', { name: 'Mailbox' })
  expect(await mailbox.getAttribute('href')).toBe(e2e.stack.urls.mailbox)
  expect(e2e.stack.urls.mailbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mailbox$/)
  expect(await host.hostCount()).toBe(1)
})

test('error: a malformed data-project-id is reported with the key name and starts nothing', async () => {
  e2e.allowPageErrors(/projectId/)
  const { page, pageErrors } = await e2e.newSession()
  const host = new HostPage(page, e2e.stack)
  const modal = new ModalPage(page)
  // A page of an earlier test may still have an image request on its way.
  await untilQuiet(() => e2e.stack.catalog.requests.length)
  const before = e2e.stack.catalog.requests.length
  await host.goto(PAGES.badProjectId)
  await poll(() => pageErrors.length).toBe(1)
  expect(pageErrors[0]?.message).toContain('projectId')
  expect(pageErrors[0]?.message).toContain('not-a-project-id')

  expect(await host.hostCount()).toBe(0)
  expect(await page.evaluate(() => Object.keys(window.WalletKit ?? {}))).toEqual([
    'version',
    'init',
  ])
  expect(await modal.connectButton.isDisabled()).toBe(true)
  expect(await page.locator('#own').textContent()).toBe("The page's own content.")
  expect(e2e.stack.catalog.requests.slice(before)).toEqual([])
  // (A page an earlier test closed may still send its queued events by beacon: only this page's count.)
  expect(
    e2e.stack.analytics.events.filter((event) => event.url.includes(PAGES.badProjectId)),
  ).toEqual([])
})

test('error: a data attribute that is no option is reported by its attribute name', async () => {
  e2e.allowPageErrors(/data-colour-scheme/)
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  await host.goto(PAGES.unknownAttribute)
  await poll(() => session.pageErrors.length).toBe(1)
  expect(session.pageErrors[0]?.message).toContain('data-colour-scheme')
  expect(await host.hostCount()).toBe(0)
})

/** Serves a page whose script tag carries the stack's endpoints plus `attributes`. */
function tagPage(path: string, attributes: string) {
  const { vars } = e2e.stack.static
  e2e.mount(path, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script src="/cdn-dist/walletkit.js" data-project-id="${vars.projectId}" data-networks="eip155:31337"
  data-api-url="${vars.apiUrl}" data-analytics-url="${vars.analyticsUrl}" data-auth-url="${vars.authUrl}"
  ${attributes} defer></script></head><body><walletkit-button></walletkit-button></body></html>`)
  })
}

test('behavior: object options are JSON attributes (features, metadata, siwx, themeVariables)', async () => {
  tagPage(
    '/json-options.html',
    `data-features='{"legalCheckbox":true,"email":false,"socials":false}'
     data-metadata='{"name":"No-code Shop","description":"A shop","url":"https://shop.example","icons":[]}'
     data-siwx='{"statement":"Sign in to the shop"}'
     data-theme-variables='{"--wk-accent":"#ff0000"}'
     data-terms-conditions-url="https://shop.example/terms"`,
  )
  const session = await e2e.newSession()
  const host = new HostPage(session.page, e2e.stack)
  const modal = new ModalPage(session.page)
  await host.goto('/json-options.html')
  await host.waitForReady()
  await modal.openViaButton()
  await session.page.locator('[data-testid="wk-legal-agree"]').waitFor()
  expect(await session.page.locator('[data-testid="wk-auth"]').count()).toBe(0)
  expect(
    await modal.host.evaluate((h) => getComputedStyle(h).getPropertyValue('--wk-accent').trim()),
  ).toBe('#ff0000')
  // SIWX is on: signOut() is there to be called (no 'SIWX is not enabled').
  expect(
    await session.page.evaluate(() => {
      const kit = window.WalletKit?.init() as unknown as { signOut(): Promise<void> }
      return kit.signOut().then(
        () => 'ok',
        (e: Error) => e.message,
      )
    }),
  ).toBe('ok')
})

test('error: an object attribute that is not JSON, or a wrong value in it, is a clear WalletKitError', async () => {
  e2e.allowPageErrors(/data-features|features\.swaps/)
  for (const [path, attribute, message] of [
    [
      '/json-bad.html',
      `data-features="{swaps:false}"`,
      'Invalid option "data-features": expected JSON',
    ],
    ['/json-wrong.html', `data-features='{"swaps":"no"}'`, 'Invalid option "features.swaps"'],
  ] as const) {
    tagPage(path, attribute)
    const session = await e2e.newSession()
    const host = new HostPage(session.page, e2e.stack)
    await host.goto(path)
    await poll(() => session.pageErrors.length).toBe(1)
    expect(session.pageErrors[0]?.message).toContain(message)
    expect(await host.hostCount()).toBe(0)
  }
})
