import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { coinTypeOfChain } from '../../stack/names/index'
import { connect, methods, setupEvmE2E } from '../evm/support/fixture'
import { seriousAxeViolations } from '../support/axe'
import { poll } from '../support/poll'
import { NamesPage } from './support/names-page'

// Names: Account shows the account's own name (reverse lookup), and RegisterName registers one with
// a message the test wallet signs, checked by the stack's registry on anvil.

const e2e = setupEvmE2E()
const ALICE = testAccount(0).address
/** An account with no name at all (no product name, no identity name): Account offers one. */
const NAMELESS = 5
const NAMELESS_ADDRESS = testAccount(NAMELESS).address

/** A session connected with mnemonic account `accountIndex`, on Account. */
async function onAccount(accountIndex = 0) {
  const s = await e2e.newSession({ accountIndex })
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  return { s, names: new NamesPage(s.page) }
}

/** On RegisterName from Account's entry. */
async function onRegisterName(accountIndex = NAMELESS) {
  const session = await onAccount(accountIndex)
  await session.names.entry.click()
  await session.names.view.waitFor()
  return session
}

test('default: registering a name with the test wallet shows it in Account at once', async () => {
  const label = 'Alice2026'
  const name = 'alice2026.reown.id'
  const { s, names } = await onRegisterName()
  await names.type(label)
  expect(await names.input.inputValue()).toBe(label)
  await poll(() => names.availability.getAttribute('data-state')).toBe('available')
  expect(await names.availability.textContent()).toBe(`${name} is available`)
  const from = s.wallet.calls.length
  await names.register.click()
  // Account, or the error the view shows instead (named, so a failure says why).
  await s.page
    .locator('[data-testid="wk-view-account"], [data-testid="wk-name-error"]')
    .first()
    .waitFor()
  expect(await names.error.allTextContents()).toEqual([])
  await poll(() => s.evm.accountName.textContent()).toBe(name)
  expect(await names.entry.count()).toBe(0)
  expect(methods(s.wallet, from)).toEqual(['personal_sign'])
  const record = e2e.stack.names?.lookup(name)
  expect(record?.addresses[coinTypeOfChain(31337)]?.address).toBe(NAMELESS_ADDRESS)
  // The signed message binds the name, the address, the chain and the time.
  const signed = s.wallet.calls.find((c) => c.method === 'personal_sign')
  const [hex] = (signed?.params ?? ['0x']) as [string]
  const message = JSON.parse(Buffer.from(hex.slice(2), 'hex').toString('utf8'))
  expect(message).toMatchObject({
    name,
    attributes: {},
    address: NAMELESS_ADDRESS,
    coin_type: coinTypeOfChain(31337),
    chain_id: 31337,
  })
  expect(Math.abs(message.timestamp - Date.now() / 1000)).toBeLessThan(60)

  // A reload reads it back through the reverse lookup. The modal opened while the wallet is still
  // asked whether it authorises the site shows Connect, then the account once it answered.
  let answer = () => {}
  const asked = new Promise<void>((resolve) => {
    answer = resolve
  })
  s.wallet.beforeNext('eth_accounts', () => asked)
  await s.reload()
  await s.modal.openViaApi()
  await s.evm.view('connect').waitFor()
  answer()
  await poll(() => s.evm.accountName.textContent()).toBe(name)
})

test('behavior: Choose a name is offered only once the lookup found no name, never while it runs', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const s = await e2e.newSession({ accountIndex: 3 })
  await s.context.route('**/v1/profile/reverse/**', async (route) => {
    await held
    await route.continue()
  })
  const names = new NamesPage(s.page)
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() =>
    s.page.locator('[data-testid="wk-account-balance"]').getAttribute('data-status'),
  ).toBe('ready')
  expect(await names.entry.count()).toBe(0)
  release()
  await poll(() => s.evm.accountName.textContent()).toBe('dave.reown.id')
  expect(await names.entry.count()).toBe(0)
  // An account without any name is offered one once its lookup answered.
  const { names: nameless } = await onAccount(5)
  await nameless.entry.waitFor()
})

test('behavior: an account whose only name is its identity name (alice.wk.eth) is not offered another', async () => {
  const alice = await onAccount(0)
  await poll(() => alice.s.evm.accountName.textContent()).toBe('alice.wk.eth')
  expect(await alice.names.entry.count()).toBe(0)
  // RegisterName stays reachable from the API for an account that wants a product name too.
  await alice.s.modal.openViaApi({ view: 'RegisterName' })
  await alice.names.view.waitFor()
})

test('behavior: names of both suffixes are the account’s name in Account, with no entry to register', async () => {
  const dave = await onAccount(3)
  await poll(() => dave.s.evm.accountName.textContent()).toBe('dave.reown.id')
  expect(await dave.names.entry.count()).toBe(0)
  const erin = await onAccount(4)
  await poll(() => erin.s.evm.accountName.textContent()).toBe('erin.wcn.id')
  expect(await erin.names.entry.count()).toBe(0)
})

test('error: a taken name says so, offers up to 4 free names, and cannot be registered', async () => {
  const { s, names } = await onRegisterName()
  await names.type('dave')
  await poll(() => names.availability.getAttribute('data-state')).toBe('taken')
  expect(await names.availability.textContent()).toBe('dave.reown.id is taken')
  expect(await names.suggested()).toEqual([
    'davehq.reown.id',
    'davelabs.reown.id',
    'daveonchain.reown.id',
    'davewallet.reown.id',
  ])
  expect(await names.register.isDisabled()).toBe(true)
  await names.suggestions.nth(1).click()
  expect(await names.input.inputValue()).toBe('davelabs')
  await poll(() => names.availability.getAttribute('data-state')).toBe('available')

  // Taken meanwhile: free when checked, registered by someone else before this registration.
  const other = testAccount(5)
  const theirs = JSON.stringify({
    name: 'davelabs.reown.id',
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const done = await e2e.stack.names?.register({
    coin_type: coinTypeOfChain(31337),
    address: other.address,
    message: theirs,
    signature: await other.signMessage({ message: theirs }),
  })
  expect(done).toHaveProperty('record')
  await names.register.click()
  await names.error.waitFor()
  expect(await names.error.textContent()).toBe('This name is already taken.')
  expect(await names.availability.textContent()).toBe('davelabs.reown.id is taken')
  expect(e2e.stack.names?.refusals.map((r) => r.reason)).toEqual(['taken'])
  await s.evm.view('register-name').waitFor()
})

test('error: an invalid name says which rule it breaks and cannot be registered', async () => {
  const { s, names } = await onRegisterName()
  await names.type('ab')
  expect(await names.hint.textContent()).toBe('At least 4 characters.')
  expect(await names.register.isDisabled()).toBe(true)
  await names.type('al-ice')
  expect(await names.hint.textContent()).toBe('Only lowercase letters (a–z) and digits (0–9).')
  expect(await names.register.isDisabled()).toBe(true)
  expect(await names.availability.count()).toBe(0)
  await names.input.press('Enter')
  expect(s.wallet.calls.filter((c) => c.method === 'personal_sign')).toEqual([])
  expect(s.requests.filter((r) => r.url.includes('/v1/profile/suggestions/'))).toEqual([])
  await names.type('alice')
  expect(await names.hint.textContent()).toBe('Lowercase letters and digits, 4 to 64 of them.')
})

test('error: a declined signature says so and registers nothing', async () => {
  const { s, names } = await onRegisterName()
  await names.type('alicebob')
  await poll(() => names.availability.getAttribute('data-state')).toBe('available')
  s.wallet.rejectNext('personal_sign')
  await names.register.click()
  await names.error.waitFor()
  expect(await names.error.textContent()).toBe('Signature declined')
  expect(e2e.stack.names?.lookup('alicebob.reown.id')).toBeUndefined()
  expect(s.requests.filter((r) => r.url.includes('/v1/profile/account?'))).toEqual([])
  // The visitor can try again.
  await names.register.click()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.accountName.textContent()).toBe('alicebob.reown.id')
})

test('error: a name with markup from the reverse lookup is dropped, never rendered', async () => {
  e2e.stack.blockchainApi?.failNext({
    path: '/v1/profile/reverse',
    status: 200,
    body: JSON.stringify([
      {
        name: '<img src=x onerror="window.__wkXss=1">.reown.id',
        addresses: { 60: { address: ALICE } },
      },
    ]),
  })
  const { s } = await onAccount()
  await poll(() => s.evm.accountName.textContent()).toBe('alice.wk.eth')
  expect(await s.page.evaluate(() => (window as { __wkXss?: number }).__wkXss)).toBeUndefined()
})

test('behavior: the RegisterName view has no serious accessibility violations', async () => {
  const { s, names } = await onRegisterName()
  await names.type('dave')
  await poll(() => names.availability.getAttribute('data-state')).toBe('taken')
  expect(await seriousAxeViolations(s.page, 'walletkit-modal')).toEqual([])
})
