// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEMO_PROJECT_ID, startStack } from './index'

const AUTH = `projectId=${DEMO_PROJECT_ID}&st=appkit&sv=html-core-1.0.0`
const PAGE = [
  'data-api-url="{{apiUrl}}"',
  'data-analytics-url="{{analyticsUrl}}"',
  'data-blockchain-api-url="{{blockchainApiUrl}}"',
  'data-relay-url="{{relayUrl}}"',
  'data-project-id="{{projectId}}"',
].join(' ')

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'wk-stack-'))
  writeFileSync(join(root, 'index.html'), PAGE)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Counts of the socket handles this process holds. */
function sockets() {
  const info = process.getActiveResourcesInfo()
  return {
    servers: info.filter((r) => r === 'TCPServerWrap').length,
    connections: info.filter((r) => r === 'TCPSocketWrap').length,
  }
}

/** Nothing of this file's earlier tests still open: handles close a moment after `stop()`. */
const NONE = { servers: 0, connections: 0 }

/** Polls until `check` passes or `ms` elapse (handles close a moment after their callbacks). */
async function eventually(check: () => void, ms = 1_000) {
  const end = Date.now() + ms
  for (;;) {
    try {
      return check()
    } catch (error) {
      if (Date.now() > end) throw error
      await new Promise((r) => setTimeout(r, 10))
    }
  }
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

test('default', async () => {
  const started = Date.now()
  const stack = await startStack({ root })
  try {
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(stack.projectId).toBe('0123456789abcdef0123456789abcdef')
    const { app, api, analytics } = stack.urls
    for (const url of [app, api, analytics]) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(new Set([app, api, analytics]).size).toBe(3)
    expect(stack.urls).toMatchObject({ blockchainApi: '', rpc: {} })
    expect(stack.urls.relay).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)

    const wallets = await fetch(`${api}/getWallets?${AUTH}&entries=1`)
    expect(wallets.status).toBe(200)
    expect(stack.catalog.requests).toHaveLength(1)

    const event = { eventId: 'e1', url: `${app}/`, domain: '127.0.0.1', timestamp: 1, props: {} }
    const posted = await fetch(`${analytics}/e?${AUTH}`, {
      method: 'POST',
      headers: { Origin: app },
      body: JSON.stringify(event),
    })
    expect(posted.status).toBe(202)
    expect(stack.analytics.events).toHaveLength(1)

    expect(await (await fetch(`${app}/`)).text()).toBe(
      `data-api-url="${api}" data-analytics-url="${analytics}" data-blockchain-api-url="" data-relay-url="${stack.urls.relay}" data-project-id="${DEMO_PROJECT_ID}"`,
    )
    expect(stack.static.vars).toMatchObject({ apiUrl: api, analyticsUrl: analytics })
  } finally {
    await stack.stop()
  }
})

test('behavior: appPort and extra project ids', async () => {
  const port = await freePort()
  const extra = 'abcdefabcdefabcdefabcdefabcdef12'
  const stack = await startStack({ appPort: port, root, projectIds: [extra] })
  try {
    expect(stack.urls.app).toBe(`http://127.0.0.1:${port}`)
    const query = `projectId=${extra}&st=appkit&sv=1`
    expect((await fetch(`${stack.urls.api}/getWallets?${query}`)).status).toBe(200)
    const posted = await fetch(`${stack.urls.analytics}/e?${query}`, {
      method: 'POST',
      body: JSON.stringify({ eventId: 'e', url: '', domain: '', timestamp: 0, props: {} }),
    })
    expect(posted.status).toBe(202)
  } finally {
    await stack.stop()
  }
})

test('behavior: stop() closes every listener and connection, even mid-request', async () => {
  await eventually(() => expect(sockets()).toEqual(NONE))
  const stack = await startStack({ root })
  // The app server, the catalogue, the analytics sink, the relay and the login frame.
  expect(sockets().servers).toBe(5)
  // Leave a keep-alive connection open on each server, and one request hanging.
  await fetch(`${stack.urls.app}/`)
  await fetch(`${stack.urls.analytics}/e`)
  await fetch(`${stack.urls.mailbox}`)
  stack.catalog.setDelay(10_000)
  const hanging = fetch(`${stack.urls.api}/getWallets?${AUTH}`)
  await eventually(() => expect(stack.catalog.requests).toHaveLength(1))

  const t = Date.now()
  await stack.stop()
  await stack.stop()
  expect(Date.now() - t).toBeLessThan(500)
  await expect(hanging).rejects.toThrow()
  await expect(fetch(`${stack.urls.app}/`)).rejects.toThrow()
  await eventually(() => expect(sockets()).toEqual(NONE))
})

test('error: an app port in use fails the start and leaves nothing running', async () => {
  await eventually(() => expect(sockets()).toEqual(NONE))
  const blocker = createServer()
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
  const { port } = blocker.address() as { port: number }
  try {
    await expect(startStack({ appPort: port, root })).rejects.toThrow(/EADDRINUSE/)
    await eventually(() => expect(sockets()).toEqual({ servers: 1, connections: 0 }))
  } finally {
    await new Promise((r) => blocker.close(r))
  }
})
