import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { builtIntegrity, cdnUrls, packageInfo, readmeTag } from '../../scripts/release-lib.mjs'
import { PROJECT_ROOT } from '../stack/static-server'
import { setupE2E } from './support/fixture'
import { HostPage } from './support/host-page'
import { ModalPage } from './support/modal-page'
import { expectView } from './support/validators'

// Every HTML snippet of the README, pasted as it is into an empty page, runs against the built
// file. Only what a test cannot reach is swapped: the CDN address for this build (and its
// integrity for this build's), and the public services for the stack's stand-ins.
const e2e = setupE2E()
const { name, version } = packageInfo()
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
const snippets = [...readme.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')

function hostPage(snippet: string): string {
  const { vars } = e2e.stack.static
  const services = { apiUrl: vars.apiUrl, analyticsUrl: vars.analyticsUrl, authUrl: vars.authUrl }
  const attributes = Object.entries(services)
    .map(([key, url]) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${url}"`)
    .join(' ')
  const code = snippet
    .replaceAll(cdnUrls(name, version).jsdelivr, '/cdn-dist/walletkit.js')
    .replace(/integrity="sha384-[^"]*"/g, `integrity="${builtIntegrity()}"`)
    .replace(/data-project-id=/g, `${attributes} data-project-id=`)
    .replace(/WalletKit\.init\(\{/g, `WalletKit.init({ ...${JSON.stringify(services)},`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Snippet</title></head><body>\n${code}\n</body></html>`
}

test('default', () => {
  // The tag, the inline view, the own script: each one loads the file itself.
  expect(snippets).toHaveLength(3)
  for (const snippet of snippets) expect(snippet).toContain(cdnUrls(name, version).jsdelivr)
  // One tag in all of them, which release:check --write refreshes together.
  const integrities = snippets.map((s) => s.match(/integrity="([^"]*)"/)?.[1])
  expect(new Set(integrities)).toEqual(new Set([readmeTag().attributes.integrity]))
})

test.each(snippets.map((snippet, index) => [index, snippet] as const))(
  'behavior: snippet %i runs as pasted into an empty page and opens Connect',
  async (index, snippet) => {
    e2e.mount(`/snippet-${index}.html`, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(hostPage(snippet))
    })
    const { page, pageErrors } = await e2e.newSession()
    const host = new HostPage(page, e2e.stack)
    const modal = new ModalPage(page)
    await host.goto(`/snippet-${index}.html`)
    await host.waitForReady()
    expect(pageErrors).toEqual([])
    if (snippet.includes('<walletkit-embed')) {
      await expectView(new ModalPage(page, 'embed'), 'connect')
      return
    }
    const opener = snippet.includes('id="connect"')
      ? page.locator('#connect')
      : page.locator('walletkit-button')
    await opener.click()
    await modal.waitForOpen()
    await expectView(modal, 'connect', 'Connect Wallet')
    expect(pageErrors).toEqual([])
  },
)
