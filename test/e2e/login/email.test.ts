import { formatEther, type Hex } from 'viem'
import { expect, test } from 'vitest'
import { rpc } from '../../stack/chain/index'
import { STARTING_BALANCE } from '../../stack/login-frame/index'
import { poll } from '../support/poll'
import { emailLogin, newEmail, setupLoginE2E } from './support/fixture'

const e2e = setupLoginE2E()

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = await emailLogin(s)

  // The smart account (SPEC §6 default) is connected, deployed on anvil, and its balance is shown.
  const user = e2e.stack.loginFrame.users.get(`email:${email}`)
  const smartAccount = user?.accounts.smartAccount ?? ''
  const state = await s.host.state()
  expect(state.address).toBe(smartAccount)
  expect(state.caipNetworkId).toBe('eip155:31337')
  const rpcUrl = e2e.stack.urls.rpc['31337'] ?? ''
  expect(await rpc<Hex>(rpcUrl, 'eth_getCode', [smartAccount, 'latest'])).not.toBe('0x')

  await s.modal.openViaApi()
  await s.evm.view('account').waitFor()
  await poll(() => s.evm.balance.textContent()).toContain(`${formatEther(STARTING_BALANCE)} ETH`)
  await expect.poll(() => s.login.accountUser.textContent()).toBe(email)
  expect(await s.login.accountType.getAttribute('data-type')).toBe('smartAccount')

  // The visitor's key stayed on the frame's origin: nothing the page received carries it.
  const secret = e2e.stack.loginFrame.wallets.secretOf(user?.accounts.owner ?? '0x') ?? ''
  expect(secret).toMatch(/^0x[0-9a-f]{64}$/)
  const messages = await s.login.messages()
  expect(messages.length).toBeGreaterThan(3)
  expect(messages.filter((m) => m.data.toLowerCase().includes(secret.slice(2)))).toEqual([])
})

test('behavior: a wrong code is explained, and the right one still signs in', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = newEmail()
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.login.otpInput.waitFor()
  const code = e2e.stack.loginFrame.codeFor(email) ?? ''
  const wrong = code === '000000' ? '111111' : '000000'
  await s.login.enterCode(wrong)
  await poll(() => s.login.error.textContent()).toBe(
    'This code is not correct. Check the email and try again.',
  )
  await s.login.enterCode(code)
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
})

test('behavior: an expired code is explained', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = newEmail()
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.login.otpInput.waitFor()
  e2e.stack.loginFrame.expireCode(email)
  await s.login.enterCode(e2e.stack.loginFrame.codeFor(email) ?? '')
  await poll(() => s.login.error.textContent()).toBe('This code has expired. Ask for a new one.')
  expect((await s.host.state()).status).toBe('disconnected')
})

test('error: a second code within 30 s waits: the button counts down, and the address form is refused with the seconds left', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = newEmail()
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.login.otpInput.waitFor()
  const sent = e2e.stack.loginFrame.mailbox.length
  // One countdown, on the button itself, which stays disabled until then.
  expect(await s.login.resend.isDisabled()).toBe(true)
  expect(await s.login.resend.textContent()).toMatch(/^Send a new code in \d+ s$/)
  expect(await s.page.locator('[data-testid="wk-auth-otp-status"]').textContent()).toBe(
    'The code is valid for 10 minutes.',
  )
  // Asked again from Connect, the kit refuses before the frame is asked: no second email.
  await s.page.locator('[data-testid="wk-back"]').click()
  await s.login.submitEmail(email)
  await poll(() => s.login.emailError.textContent()).toMatch(/^Please try again after \d+ seconds$/)
  const seconds = Number((await s.login.emailError.textContent())?.match(/\d+/)?.[0])
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(30)
  expect(e2e.stack.loginFrame.mailbox.length).toBe(sent)
})

test('behavior: a code pasted with a space or a dash is taken and checked at once', async () => {
  const s = await e2e.newSession()
  await s.open()
  const email = newEmail()
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.login.otpInput.waitFor()
  const field = await s.login.otpInput.evaluate((input) => ({
    autocomplete: input.getAttribute('autocomplete'),
    inputmode: input.getAttribute('inputmode'),
    maxLength: (input as HTMLInputElement).maxLength,
  }))
  expect(field).toEqual({ autocomplete: 'one-time-code', inputmode: 'numeric', maxLength: -1 })
  const code = e2e.stack.loginFrame.codeFor(email) ?? ''
  await s.login.otpInput.focus()
  await s.page.keyboard.insertText(`${code.slice(0, 3)} - ${code.slice(3)}`)
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
})

test('behavior: a known address on a new device asks for the device approval first', async () => {
  const first = await e2e.newSession()
  await first.open()
  const email = await emailLogin(first)
  const smartAccount = e2e.stack.loginFrame.users.get(`email:${email}`)?.accounts.smartAccount

  // Another browser: another device of the frame's origin.
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await s.login.submitEmail(email)
  await s.page.locator('[data-testid="wk-view-email-device"]').waitFor()
  await poll(() => s.page.locator('[data-testid="wk-view-email-device"]').textContent()).toContain(
    email,
  )
  const mailbox = await s.mailbox()
  await mailbox.approveDevice(email)
  // Approved: the code view follows by itself, and the code arrives in the mailbox.
  await s.login.otpInput.waitFor()
  const code = await mailbox.codeFor(email)
  await s.login.enterCode(code)
  await poll(() => s.host.state().then((state) => state.address)).toBe(smartAccount)
})
