import { type Address, type Hex, hexToBigInt, parseEther } from 'viem'
import { expect, test } from 'vitest'
import { receiptOf, rpc, testAccount } from '../../stack/chain/index'
import { poll } from '../support/poll'
import { emailLogin, setupLoginE2E } from './support/fixture'

const e2e = setupLoginE2E()

const RECIPIENT = testAccount(6).address
const rpcUrl = () => e2e.stack.urls.rpc['31337'] ?? ''
const balanceOf = async (address: string) =>
  hexToBigInt(await rpc<Hex>(rpcUrl(), 'eth_getBalance', [address, 'latest']))

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await emailLogin(s)
  const from = (await s.host.state()).address as Address
  const before = await balanceOf(RECIPIENT)
  const value = parseEther('0.25')

  // The host's own provider: the frame shows the request and the visitor approves it there.
  const sent = s.evm.request<Hex>('eth_sendTransaction', [
    { from, to: RECIPIENT, value: `0x${value.toString(16)}` },
  ])
  await s.login.frame.getByText('Send 0.25 ETH').waitFor()
  await s.login.approve()
  const { result: hash, error } = await sent
  expect(error).toBeUndefined()
  expect((await receiptOf(rpcUrl(), hash ?? '')).status).toBe('0x1')
  expect(await balanceOf(RECIPIENT)).toBe(before + value)
  // The frame hides again once the request is answered.
  await s.login.frameDialog.waitFor({ state: 'hidden' })
  // The kit's pipeline saw the host's send, as with any wallet.
  await poll(() =>
    s.host.events().then((events) => events.filter((e) => e.type === 'transaction')),
  ).toEqual([
    expect.objectContaining({
      detail: { hash, kind: 'send', caipNetworkId: 'eip155:31337', hashType: 'chain' },
    }),
  ])
})

test('behavior: rejected in the frame, the host gets 4001 and nothing is sent', async () => {
  const s = await e2e.newSession()
  await s.open()
  await emailLogin(s)
  const from = (await s.host.state()).address as Address
  const before = await balanceOf(RECIPIENT)
  const sent = s.evm.request('eth_sendTransaction', [{ from, to: RECIPIENT, value: '0x1' }])
  await s.login.reject()
  const { error } = await sent
  // The same error as any wallet's decline reaches the host (one wallet error mapping).
  expect(error).toMatchObject({ code: 4001, name: 'SignatureDeclinedError' })
  expect(await balanceOf(RECIPIENT)).toBe(before)
})

test('behavior: Escape on the frame declines the request', async () => {
  const s = await e2e.newSession()
  await s.open()
  await emailLogin(s)
  const sent = s.evm.request('personal_sign', ['0x68656c6c6f', (await s.host.state()).address])
  await s.login.frameDialog.waitFor({ state: 'visible' })
  await s.page.keyboard.press('Escape')
  expect((await sent).error).toMatchObject({ code: 4001 })
  await s.login.frameDialog.waitFor({ state: 'hidden' })
})

test('behavior: the account type switches to the EOA and back', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = await emailLogin(s)
  const accounts = e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts
  await s.modal.openViaApi()
  await s.login.accountTypeSwitch.click()
  await poll(() => s.host.state().then((state) => state.address)).toBe(accounts?.owner)
  expect(await s.login.accountType.getAttribute('data-type')).toBe('eoa')
  const changed = (await s.host.events()).filter((e) => e.type === 'accountChanged')
  expect(changed.map((e) => (e.detail as { address: string }).address)).toEqual([accounts?.owner])

  // The EOA sends too (its own key, its own gas).
  const sent = s.evm.request<Hex>('eth_sendTransaction', [
    { from: accounts?.owner, to: RECIPIENT, value: '0x2' },
  ])
  await s.login.approve()
  const { result: hash } = await sent
  expect((await receiptOf(rpcUrl(), hash ?? '')).status).toBe('0x1')

  await s.login.accountTypeSwitch.click()
  await poll(() => s.host.state().then((state) => state.address)).toBe(accounts?.smartAccount)
})

test('behavior: disconnect signs out of the frame; a new visit is not signed in', async () => {
  const s = await e2e.newSession()
  await s.open()
  await emailLogin(s)
  await s.modal.openViaApi()
  await s.evm.disconnect.click()
  await poll(() => s.host.state().then((state) => state.status)).toBe('disconnected')
  await poll(() =>
    e2e.stack.loginFrame.faults.requests.some((r) => r.path === '/api/signout'),
  ).toBe(true)
  // After a reload, the remembered connection is not restored: the frame's session is gone.
  await s.open()
  await s.modal.openViaApi()
  await s.login.emailInput.waitFor()
  expect((await s.host.state()).status).toBe('disconnected')
})

test('behavior: a reload restores the email session from the frame', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = await emailLogin(s)
  await s.open()
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  expect((await s.host.state()).address).toBe(
    e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts.smartAccount,
  )
})
