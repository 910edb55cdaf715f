import { type Address, createPublicClient, http, parseEther } from 'viem'
import { expect, test } from 'vitest'
import { testAccount } from '../../stack/chain/index'
import { type EvmSession, setupEvmE2E } from '../evm/support/fixture'
import { poll } from '../support/poll'
import { onSend as openSend } from './support/on-send'

// Names a visitor sends to, normalised by ENSIP-15 (docs/onramp-and-names.md): the pack of tables
// beside the bundle is fetched only for a name outside a–z, 0–9 and hyphen; the stack's names
// registry holds an emoji name and an accented one (test/stack/names/fixtures.ts).

const e2e = setupEvmE2E()
const DAVE = testAccount(3).address
const ERIN = testAccount(4).address

const client = () => createPublicClient({ transport: http(e2e.stack.urls.rpc['31337']) })
const packRequests = (s: EvmSession) =>
  s.requests.filter((r) => r.url.endsWith('/ens/ensip15.json'))
const lookups = () =>
  (e2e.stack.blockchainApi?.requests ?? [])
    .filter((r) => r.path.startsWith('/v1/profile/account/'))
    .map((r) => decodeURIComponent(r.path.slice('/v1/profile/account/'.length)))

const onSend = () => openSend(e2e)

test('default: an emoji name, typed with a capital, resolves as its normalised name, and that is who is paid', async () => {
  const { s, send } = await onSend()
  const before = await client().getBalance({ address: DAVE })
  await send.fill({ amount: '0.01', to: '🦊Fox.reown.id' })
  // The normalised name and the address it resolves to, before anything is signed.
  await poll(() => send.toNote.textContent()).toBe(`🦊fox.reown.id is ${DAVE}`)
  expect(packRequests(s)).toHaveLength(1)
  expect(lookups()).toEqual(['🦊fox.reown.id'])
  await send.reviewButton.click()
  await send.review.waitFor()
  expect(await send.review.getByTestId('wk-send-review-to').textContent()).toContain(
    '🦊fox.reown.id',
  )
  await send.fullAddress.click()
  expect(await send.reviewAddress.textContent()).toBe(DAVE)
  await send.confirm.click()
  await s.evm.view('account').waitFor()
  await poll(() => client().getBalance({ address: DAVE })).toBe(before + parseEther('0.01'))
})

test('behavior: upper case folds: an accented name through the pack, a plain one without it', async () => {
  const { s, send } = await onSend()
  await send.fill({ amount: '0.01', to: 'DAVE.REOWN.ID' })
  await poll(() => send.toNote.textContent()).toBe(`dave.reown.id is ${DAVE}`)
  // Names in a–z, 0–9 and hyphen keep the simple rule: no pack.
  expect(packRequests(s)).toEqual([])
  await send.type(send.to, 'ZOË.REOWN.ID')
  await poll(() => send.toNote.textContent()).toBe(`zoë.reown.id is ${ERIN}`)
  expect(packRequests(s)).toHaveLength(1)
  expect(await send.reviewButton.isEnabled()).toBe(true)
})

test('error: a name mixing scripts is refused with its reason; nothing is looked up or signed', async () => {
  const { s, send } = await onSend()
  // The first letter is Cyrillic (U+0430), the others Latin.
  await send.fill({ amount: '0.01', to: '\u0430pple.reown.id' })
  await poll(() => send.toNote.textContent()).toBe(
    'This name mixes scripts (Cyrillic + Latin), as look-alike names do.',
  )
  expect(await send.toNote.getAttribute('data-status')).toBe('invalid')
  expect(await send.reviewButton.isDisabled()).toBe(true)
  expect(lookups()).toEqual([])
  expect(s.wallet.calls.filter((c) => c.method === 'eth_sendTransaction')).toEqual([])
})

test('error: a pack that fails its sha384 is refused with a clear text; simple names still resolve', async () => {
  const { s, send } = await onSend()
  // The same address, other bytes: the browser refuses them against the hash in the bundle.
  await s.page.route('**/ens/ensip15.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"format":1}' }),
  )
  await send.fill({ amount: '0.01', to: 'zoë.reown.id' })
  await poll(() => send.toNote.textContent()).toBe(
    'Names with these characters cannot be checked right now. Try again, or enter the address.',
  )
  expect(lookups()).toEqual([])
  await send.type(send.to, 'dave.reown.id')
  await poll(() => send.toNote.textContent()).toBe(`dave.reown.id is ${DAVE as Address}`)
})
