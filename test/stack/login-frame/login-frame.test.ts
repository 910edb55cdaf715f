// @vitest-environment node
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hexToBigInt,
  parseEther,
  stringToHex,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isValidSignatureData } from '../../../src/core/siwx/eip155.js'
import type { Chains } from '../chain/index.js'
import { receiptOf, rpc, startChains, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'
import { FACTORY_ADDRESS, type LoginFrame, STARTING_BALANCE, startLoginFrame } from './index.js'

const HOST = 'http://127.0.0.1:4444'
let chains: Chains
let frame: LoginFrame

beforeAll(async () => {
  chains = await startChains()
  frame = await startLoginFrame({
    chains: chains.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    hosts: [HOST],
  })
}, 60_000)
afterAll(async () => {
  await frame?.stop()
  await chains?.stop()
})

const rpcUrl = (i = 0) => chains.chains[i]?.rpcUrl ?? ''

/** The frame's own script calling its server (its origin). */
async function api<T = Record<string, unknown>>(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${frame.url}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: frame.url },
    body: JSON.stringify({ device: 'device-1', ...body }),
  })
  return { status: response.status, body: (await response.json()) as T & { error?: unknown } }
}

/** Signs in `email` through the mailbox; returns the session token. */
async function signIn(email: string): Promise<string> {
  expect((await api('email/start', { email })).body).toEqual({ action: 'VERIFY_OTP' })
  const { body } = await api<{ token: string }>('email/verify', {
    email,
    otp: frame.codeFor(email),
  })
  return body.token
}

test('default', async () => {
  const page = await fetch(`${frame.url}/`)
  expect(page.status).toBe(200)
  // Only the configured hosts may embed the frame.
  expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${HOST}`)
  expect(await page.text()).toContain('<script src="/frame.js" defer></script>')
  const script = await fetch(`${frame.url}/frame.js`)
  expect(script.headers.get('content-type')).toContain('javascript')
  expect(await script.text()).toContain('walletkit-login')
  frame.allowHost('http://127.0.0.1:5555/page')
  expect((await fetch(`${frame.url}/`)).headers.get('content-security-policy')).toContain(
    `frame-ancestors ${HOST} http://127.0.0.1:5555`,
  )
})

test('behavior: only the frame itself may call its server', async () => {
  for (const origin of [HOST, 'null', 'http://127.0.0.1:1']) {
    const response = await fetch(`${frame.url}/api/session`, {
      method: 'POST',
      headers: { Origin: origin },
      body: '{}',
    })
    expect(response.status, origin).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  }
  expect((await fetch(`${frame.url}/api/session`, { method: 'POST', body: '{}' })).status).toBe(403)
})

test('behavior: email codes go to the mailbox; wrong, expired and early codes are refused', async () => {
  const email = 'code@example.com'
  expect((await api('email/start', { email })).body).toEqual({ action: 'VERIFY_OTP' })
  const code = frame.codeFor(email) ?? ''
  expect(code).toMatch(/^\d{6}$/)
  expect(await (await fetch(frame.mailboxUrl)).text()).toContain(`>${code}</code>`)
  const again = await api('email/start', { email })
  expect(again.status).toBe(429)
  expect(again.body.error).toMatchObject({
    code: 'RETRY_AFTER',
    retryAfterSeconds: expect.any(Number),
  })
  const wrong = code === '000000' ? '000001' : '000000'
  expect((await api('email/verify', { email, otp: wrong })).body.error).toMatchObject({
    code: 'INVALID_OTP',
  })
  frame.expireCode(email)
  expect((await api('email/verify', { email, otp: code })).body.error).toMatchObject({
    code: 'EXPIRED_OTP',
  })
})

test('behavior: a new visitor gets a key here and a smart account on every chain', async () => {
  const token = await signIn('new@example.com')
  const { body: user } = await api<{ address: Address; accounts: { address: Address }[] }>('user', {
    token,
    chainId: 31337,
    preferredAccountType: 'smartAccount',
  })
  const [smart, owner] = user.accounts.map((a) => a.address)
  expect(user.address).toBe(smart)
  // Nothing in what the frame learns is a key.
  expect(JSON.stringify(user)).not.toContain(
    frame.wallets.secretOf(owner as Address)?.slice(2) ?? 'missing',
  )
  for (const [i, c] of chains.chains.entries()) {
    expect(await rpc<Hex>(rpcUrl(i), 'eth_getCode', [smart, 'latest']), `${c.chainId}`).not.toBe(
      '0x',
    )
    expect(await rpc<Hex>(rpcUrl(i), 'eth_getCode', [FACTORY_ADDRESS, 'latest'])).not.toBe('0x')
    expect(hexToBigInt(await rpc<Hex>(rpcUrl(i), 'eth_getBalance', [smart, 'latest']))).toBe(
      STARTING_BALANCE,
    )
  }
})

test('behavior: approved signatures verify through the smart account (EIP-1271)', async () => {
  const token = await signIn('sign@example.com')
  const { body: user } = await api<{ address: Address }>('user', {
    token,
    chainId: 31337,
    preferredAccountType: 'smartAccount',
  })
  const message = 'Sign in to shop.example'
  const params = [stringToHex(message), user.address]
  const refused = await api('rpc', { token, chainId: 31337, method: 'personal_sign', params })
  expect(refused.body.error).toMatchObject({ code: 4001 })
  const { body } = await api<{ result: Hex }>('rpc', {
    token,
    chainId: 31337,
    method: 'personal_sign',
    params,
    approved: true,
  })
  const answer = await rpc<Hex>(rpcUrl(), 'eth_call', [
    { to: user.address, data: isValidSignatureData(hashMessage(message), body.result) },
    'latest',
  ])
  expect(answer.slice(0, 10)).toBe('0x1626ba7e')
})

test('behavior: a send from the smart account is relayed and confirms on the chain', async () => {
  const token = await signIn('send@example.com')
  const { body: user } = await api<{ address: Address }>('user', {
    token,
    chainId: 31338,
    preferredAccountType: 'smartAccount',
  })
  const to = testAccount(6).address
  const balance = async (a: string) =>
    hexToBigInt(await rpc<Hex>(rpcUrl(1), 'eth_getBalance', [a, 'latest']))
  const [toBefore, fromBefore] = [await balance(to), await balance(user.address)]
  const value = parseEther('1.5')
  const { body } = await api<{ result: Hex }>('rpc', {
    token,
    chainId: 31338,
    method: 'eth_sendTransaction',
    params: [{ from: user.address, to, value: `0x${value.toString(16)}` }],
    approved: true,
  })
  expect((await receiptOf(rpcUrl(1), body.result)).status).toBe('0x1')
  expect(await balance(to)).toBe(toBefore + value)
  // The relayer paid the gas: the account spent exactly what it sent.
  expect(await balance(user.address)).toBe(fromBefore - value)
  const nonce = await rpc<Hex>(rpcUrl(1), 'eth_call', [
    {
      to: user.address,
      data: encodeFunctionData({ abi: artifacts.OwnerAccount.abi, functionName: 'nonce' }),
    },
    'latest',
  ])
  expect(hexToBigInt(nonce)).toBe(1n)
})

test('behavior: a social consent and a Farcaster approval each open a session', async () => {
  const { body: started } = await api<{ uri: string }>('social/start', {
    provider: 'github',
    host: HOST,
  })
  const state = new URL(started.uri).searchParams.get('state') ?? ''
  expect(await (await fetch(started.uri)).text()).toContain(HOST)
  const consent = await fetch(`${frame.url}/consent/github`, {
    method: 'POST',
    body: new URLSearchParams({ state, handle: 'octo', decision: 'allow' }),
    redirect: 'manual',
  })
  const callback = consent.headers.get('location') ?? ''
  expect(new URL(callback).pathname).toBe('/social/callback')
  expect(await (await fetch(callback)).text()).toContain(`content="${HOST}"`)
  const finished = await api<{ token: string }>('social/finish', { uri: callback })
  expect(finished.body.token).toMatch(/^[0-9a-f]{48}$/)
  // The code is single-use.
  expect((await api('social/finish', { uri: callback })).body.error).toMatchObject({
    code: 'SOCIAL_FAILED',
  })
  expect(frame.users.get('github:octo')?.username).toBe('@octo')

  const { body: channel } = await api<{ channel: string; url: string }>('farcaster/channel', {
    host: HOST,
  })
  expect((await api('farcaster/status', { channel: channel.channel })).body).toEqual({
    status: 'pending',
  })
  await fetch(`${frame.url}/farcaster/approve`, {
    method: 'POST',
    body: new URLSearchParams({ channel: channel.channel, username: 'fran' }),
  })
  const approved = await api<{ status: string; token: string }>('farcaster/status', {
    channel: channel.channel,
  })
  expect(approved.body.status).toBe('approved')
  expect(frame.users.get('farcaster:fran')?.username).toBe('@fran')
  const { body: cancelled } = await api<{ channel: string }>('farcaster/channel', { host: HOST })
  await api('farcaster/cancel', { channel: cancelled.channel })
  expect((await api('farcaster/status', { channel: cancelled.channel })).status).toBe(410)
})
