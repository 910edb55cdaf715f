import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { type Listening, listen } from '../../stack/http-util'
import { poll } from '../support/poll'
import { emailLogin, type LoginSession, setupLoginE2E } from './support/fixture'

// SECURITY.md rows 14 and 29: messages that look like the login frame's but come from another
// origin, another window, a null origin, or replay an answer, are refused, counted, and change
// nothing.

const e2e = setupLoginE2E()
const ATTACKER = testAccount(7).address

/** A page that posts the messages in its URL's hash to its parent, with '*' (any page could). */
const POSTER = `<!doctype html><script>
for (const message of JSON.parse(decodeURIComponent(location.hash.slice(1)))) parent.postMessage(message, '*')
</script>`

let attacker: Listening
beforeAll(async () => {
  attacker = await listen((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(POSTER)
  })
})
afterAll(() => attacker?.close())

type Message = Record<string, unknown> & { result?: Record<string, unknown> }

/** The login frame's answers the page received so far. */
async function frameAnswers(s: LoginSession): Promise<Message[]> {
  const origin = new URL(e2e.stack.urls.loginFrame).origin
  return (await s.login.messages())
    .filter((m) => m.origin === origin)
    .map((m) => JSON.parse(m.data) as Message)
    .filter((m) => m.kind === 'response')
}

/** Messages an attacker would forge from a real answer: a replay with their address, a new id. */
function forgeries(real: Message): Message[] {
  const result = {
    ...real.result,
    address: ATTACKER,
    accounts: [{ address: ATTACKER, type: 'eoa' }],
    preferredAccountType: 'eoa',
  }
  return [
    { ...real, result },
    { ...real, id: 'f'.repeat(32), result },
    { protocol: real.protocol, version: real.version, kind: 'ready' },
    { protocol: real.protocol, version: real.version, kind: 'social-result', resultUri: 'x' },
  ]
}

/** What must not change: the connection, and the events the host heard. */
async function observed(s: LoginSession) {
  const state = await s.host.state()
  const events = (await s.host.events()).map((e) => e.type)
  return { status: state.status, address: state.address, events }
}

/** Adds an iframe to the host page and waits for it to load. */
function addFrame(s: LoginSession, attributes: Record<string, string>) {
  return s.page.evaluate(
    (attrs) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe')
        for (const [name, value] of Object.entries(attrs)) frame.setAttribute(name, value)
        frame.addEventListener('load', () => resolve(), { once: true })
        document.body.append(frame)
      }),
    attributes,
  )
}

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await emailLogin(s)
  const real = (await frameAnswers(s)).find((m) => m.type === 'GET_USER')
  expect(real?.result?.address).toBe((await s.host.state()).address)
  const messages = forgeries(real as Message)
  const before = await observed(s)
  const refused = await s.login.refused()

  // A script of the page itself.
  await s.page.evaluate((list) => {
    for (const message of list) window.postMessage(message, '*')
  }, messages)
  await poll(() => s.login.refused()).toBe(refused + messages.length)

  // A frame of another origin, a look-alike frame of the login frame's own origin, and a
  // sandboxed frame (null origin).
  const hash = `#${encodeURIComponent(JSON.stringify(messages))}`
  await addFrame(s, { src: `${attacker.url}/${hash}` })
  const unmount = e2e.stack.loginFrame.mount('/lookalike', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(POSTER)
  })
  await addFrame(s, { src: `${e2e.stack.urls.loginFrame}/lookalike${hash}` })
  unmount()
  await addFrame(s, {
    sandbox: 'allow-scripts',
    srcdoc: POSTER.replace(
      'decodeURIComponent(location.hash.slice(1))',
      JSON.stringify(JSON.stringify(messages)),
    ),
  })
  await poll(() => s.login.refused()).toBe(refused + messages.length * 4)
  expect(await observed(s)).toEqual(before)
})

test('behavior: a replayed answer from the frame itself is refused; the login is unaffected', async () => {
  e2e.stack.loginFrame.setMode('replay')
  const s = await e2e.newSession()
  await s.open()
  const email = await emailLogin(s)
  expect((await s.host.state()).address).toBe(
    e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts.smartAccount,
  )
  // Every answer came twice; each second one was refused.
  const answers = await frameAnswers(s)
  expect(answers.length).toBeGreaterThan(4)
  await poll(() => s.login.refused()).toBe(answers.length / 2)
})
