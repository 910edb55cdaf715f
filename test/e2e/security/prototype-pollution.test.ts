import type { BrowserContext } from 'playwright-core'
import { stringToHex, verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { XSS_SENTINEL } from '../../fixtures/wallets'
import { connect, details, type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { eventTypes, expectPlainDetails } from '../support/validators'

/**
 * SECURITY.md row 6 with a wallet: a full connect, sign and disconnect on a page whose shared
 * prototypes carry enumerable values and functions, compared with the same flow on a clean page.
 */
const e2e = setupEvmE2E()

/**
 * Pollutes before any script of the page runs: strings, and functions under the names the kit's
 * duck typing reads (`request`, `on`, `removeListener`: any object would look like an EIP-1193
 * provider), names old libraries add (`extend`, `each`), and `href`. `then` stays a string: a
 * callable `then` on Object.prototype makes every object a thenable and stops the host's own
 * `await`s too.
 */
async function pollute(context: BrowserContext): Promise<void> {
  await context.addInitScript((sentinel: string) => {
    const define = (target: object, key: string, value: unknown) =>
      Object.defineProperty(target, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    const hostile = (name: string) =>
      function polluted() {
        ;(window as unknown as Record<string, unknown>)[sentinel] = name
        return name
      }
    define(Object.prototype, 'href', `javascript:window.${sentinel}='href'`)
    define(Object.prototype, 'polluted', 'yes')
    define(Object.prototype, 'then', 'not a function')
    define(Object.prototype, 'request', hostile('request'))
    define(Object.prototype, 'on', hostile('on'))
    define(Object.prototype, 'removeListener', hostile('removeListener'))
    define(Object.prototype, 'extend', hostile('extend'))
    define(Object.prototype, 'uuid', '00000000-0000-4000-8000-000000000000')
    define(Object.prototype, 'rdns', 'io.metamask')
    define(Array.prototype, 'extra', hostile('extra'))
    define(Array.prototype, 'each', hostile('each'))
    define(Array.prototype, 'polluted', 'yes')
    define(Function.prototype, 'polluted', hostile('function'))
    define(String.prototype, 'polluted', hostile('string'))
  }, XSS_SENTINEL)
}

/** The page's prototypes really are polluted (a test of the test). */
async function expectPolluted(s: EvmSession): Promise<void> {
  expect(
    await s.page.evaluate(() => {
      const o = {} as Record<string, unknown>
      const a = [] as unknown as Record<string, unknown>
      const keys: string[] = []
      for (const key in o) keys.push(key)
      return {
        keys: keys.sort(),
        request: typeof o.request,
        arrayEach: typeof a.each,
        arrayKeys: Object.keys([1]).length + [...Object.entries([1])].length,
        forIn: (() => {
          const seen: string[] = []
          for (const key in [1]) seen.push(key)
          return seen.length
        })(),
        fn: typeof ((() => 0) as unknown as Record<string, unknown>).polluted,
      }
    }),
  ).toEqual({
    keys: ['extend', 'href', 'on', 'polluted', 'rdns', 'removeListener', 'request', 'then', 'uuid'],
    request: 'function',
    arrayEach: 'function',
    arrayKeys: 2,
    forIn: 12,
    fn: 'function',
  })
}

/** Connect, sign through `getProvider('eip155')`, disconnect; what the page and the wallet saw. */
async function flow(polluted: boolean) {
  const s = await e2e.newSession()
  if (polluted) await pollute(s.context)
  await s.open()
  if (polluted) await expectPolluted(s)
  await connect(s)
  const message = 'Hello from a polluted page'
  const signed = await s.evm.request<`0x${string}`>('personal_sign', [
    stringToHex(message),
    s.wallet.address,
  ])
  expect(signed.error).toBeUndefined()
  expect(
    await verifyMessage({
      address: s.wallet.address,
      message,
      signature: signed.result as `0x${string}`,
    }),
  ).toBe(true)
  // A declined signature reads the same on both pages.
  s.wallet.rejectNext('personal_sign')
  const declined = await s.evm.request('personal_sign', [stringToHex(message), s.wallet.address])
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await s.evm.disconnect.click()
  await expect.poll(() => s.host.state().then((state) => state.status)).toBe('disconnected')
  const events = await s.host.events()
  expectPlainDetails(events)
  expect(
    await s.page.evaluate(
      (key) => (window as unknown as Record<string, unknown>)[key],
      XSS_SENTINEL,
    ),
    'no polluted function was ever called',
  ).toBeUndefined()
  return {
    events: eventTypes(events),
    // The wallet's uuid is new for every session: the connector id is compared without it.
    connected: JSON.parse(
      JSON.stringify(await details(s, 'connected')).replaceAll(s.info.uuid, '<uuid>'),
    ) as unknown,
    declined: declined.error ? { name: declined.error.name, code: declined.error.code } : null,
    methods: s.wallet.calls.map((c) => c.method),
    state: JSON.parse(JSON.stringify(await s.host.state()).replaceAll(s.info.uuid, '<uuid>')),
  }
}

test('default', async () => {
  const clean = await flow(false)
  const polluted = await flow(true)
  expect(polluted).toEqual(clean)
  expect(clean.events).toEqual(
    expect.arrayContaining(['ready', 'open', 'connected', 'close', 'disconnected']),
  )
  expect(clean.declined).toEqual({ name: 'SignatureDeclinedError', code: 4001 })
})
