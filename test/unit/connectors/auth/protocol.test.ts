import { expect, test } from 'vitest'
import {
  claimsProtocol,
  PROTOCOL,
  PROTOCOL_VERSION,
  parseFrameMessage,
  RESULT_SHAPES,
} from '../../../../src/connectors/auth/protocol.js'

const envelope = { protocol: PROTOCOL, version: PROTOCOL_VERSION }
const id = '0123456789abcdef0123456789abcdef'
const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const user = {
  address: A,
  chainId: 1,
  accounts: [
    { address: A, type: 'smartAccount' },
    { address: B, type: 'eoa' },
  ],
  preferredAccountType: 'smartAccount',
  method: 'google',
  email: 'alice@google.example',
}

test('default', () => {
  expect(PROTOCOL).toBe('walletkit-login')
  expect(PROTOCOL_VERSION).toBe(1)
  expect(Object.keys(RESULT_SHAPES)).toMatchInlineSnapshot(`
    [
      "CONNECT_EMAIL",
      "CONNECT_DEVICE",
      "CONNECT_OTP",
      "GET_USER",
      "GET_SOCIAL_REDIRECT_URI",
      "CONNECT_SOCIAL",
      "GET_FARCASTER_URI",
      "CONNECT_FARCASTER",
      "IS_CONNECTED",
      "SET_PREFERRED_ACCOUNT",
      "SWITCH_NETWORK",
      "RPC_REQUEST",
      "RPC_ABORT",
      "SIGN_OUT",
      "RELOAD",
    ]
  `)
})

test('args: the envelopes of this version are read', () => {
  expect(parseFrameMessage({ ...envelope, kind: 'ready' })).toEqual({ ...envelope, kind: 'ready' })
  const response = { ...envelope, kind: 'response', id, type: 'GET_USER', ok: true, result: user }
  expect(parseFrameMessage(response)).toEqual(response)
  const failure = {
    ...envelope,
    kind: 'response',
    id,
    type: 'CONNECT_EMAIL',
    ok: false,
    error: { code: 'RETRY_AFTER', message: 'Wait', retryAfterSeconds: 12 },
  }
  expect(parseFrameMessage(failure)).toEqual(failure)
  const social = { ...envelope, kind: 'social-result', resultUri: 'https://x.example/cb?code=1' }
  expect(parseFrameMessage(social)).toEqual(social)
})

test('error: anything else is not a message of the protocol', () => {
  const response = { ...envelope, kind: 'response', id, type: 'IS_CONNECTED', ok: true, result: {} }
  for (const data of [
    null,
    'walletkit-login',
    [],
    { ...envelope, version: 2, kind: 'ready' },
    { ...envelope, version: '1', kind: 'ready' },
    { ...envelope, kind: 'ready', extra: 1 },
    { ...envelope, kind: 'request', id, type: 'IS_CONNECTED', payload: {} },
    { ...response, id: 'ABC' },
    { ...response, id: `${id}0` },
    { ...response, type: 'STEAL_KEYS' },
    { ...response, type: 'toString' },
    { ...response, ok: 'yes' },
    { ...response, extra: true },
    { ...response, ok: false, error: { code: {}, message: 'x' } },
    { ...response, ok: false, error: { code: 'X', message: 'x'.repeat(301) } },
    { ...envelope, kind: 'social-result', resultUri: 1 },
    { ...envelope, kind: 'social-result', resultUri: '' },
  ])
    expect(parseFrameMessage(data), JSON.stringify(data)).toBeUndefined()
  expect(claimsProtocol({ protocol: PROTOCOL, version: 9 })).toBe(true)
  expect(claimsProtocol({ protocol: 'other' })).toBe(false)
})

test('behavior: each result type has its shape', () => {
  expect(RESULT_SHAPES.GET_USER(user)).toBe(true)
  // The address in use must be the account of the preferred type.
  expect(RESULT_SHAPES.GET_USER({ ...user, preferredAccountType: 'eoa' })).toBe(false)
  expect(RESULT_SHAPES.GET_USER({ ...user, address: '0x1234' })).toBe(false)
  expect(RESULT_SHAPES.GET_USER({ ...user, method: 'myspace' })).toBe(false)
  expect(RESULT_SHAPES.GET_USER({ ...user, privateKey: '0x01' })).toBe(false)
  expect(RESULT_SHAPES.GET_USER({ ...user, accounts: [] })).toBe(false)
  expect(RESULT_SHAPES.CONNECT_EMAIL({ action: 'VERIFY_OTP' })).toBe(true)
  expect(RESULT_SHAPES.CONNECT_EMAIL({ action: 'CONNECT' })).toBe(false)
  expect(RESULT_SHAPES.CONNECT_OTP({})).toBe(true)
  expect(RESULT_SHAPES.CONNECT_OTP({ ok: true })).toBe(false)
  expect(RESULT_SHAPES.SET_PREFERRED_ACCOUNT({ type: 'eoa', address: B })).toBe(true)
  expect(RESULT_SHAPES.SWITCH_NETWORK({ chainId: 0 })).toBe(false)
  expect(RESULT_SHAPES.RPC_REQUEST({ result: null })).toBe(true)
  expect(RESULT_SHAPES.RPC_REQUEST({})).toBe(false)
  expect(RESULT_SHAPES.CONNECT_FARCASTER({ status: 'approved' })).toBe(true)
  expect(RESULT_SHAPES.GET_FARCASTER_URI({ url: '' })).toBe(false)
})
