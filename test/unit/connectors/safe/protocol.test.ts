import { getSDKVersion, MessageFormatter, Methods } from '@safe-global/safe-apps-sdk'
import { expect, test } from 'vitest'
import {
  makeSafeRequest,
  parseSafeInfo,
  parseSafeResponse,
  SAFE_SDK_VERSION,
} from '../../../../src/connectors/safe/protocol.js'
import { SAFE_INFO } from './fake-frame.js'

test('default: a request has the shape of the Safe Apps SDK’s own, with its version', () => {
  const ours = makeSafeRequest('getSafeInfo', undefined)
  const theirs = MessageFormatter.makeRequest(Methods.getSafeInfo, undefined)
  expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort())
  expect(ours.env).toEqual(theirs.env)
  expect(SAFE_SDK_VERSION).toBe(getSDKVersion())
  // The SDK's ids are 5 random bytes; the kit's are 10, so a forged answer is harder to guess.
  // The parent echoes the id as it came.
  expect(theirs.id).toMatch(/^[0-9a-f]{10}$/)
  expect(ours.id).toMatch(/^[0-9a-f]{20}$/)
  expect(makeSafeRequest('getSafeInfo', undefined).id).not.toBe(ours.id)
})

test('default: every method the kit sends is one the Safe web wallet knows', () => {
  const used = [
    'getSafeInfo',
    'rpcCall',
    'sendTransactions',
    'signMessage',
    'signTypedMessage',
    'getTxBySafeTxHash',
  ]
  for (const method of used) expect(Object.values(Methods)).toContain(method)
})

test('default: answers built by the SDK’s formatter are read, success and error alike', () => {
  const id = makeSafeRequest('getSafeInfo', undefined).id
  expect(parseSafeResponse(MessageFormatter.makeResponse(id, SAFE_INFO, getSDKVersion()))).toEqual({
    id,
    success: true,
    data: SAFE_INFO,
    version: getSDKVersion(),
  })
  expect(
    parseSafeResponse(MessageFormatter.makeErrorResponse(id, 'Transaction was rejected', '9.1.0')),
  ).toEqual({ id, success: false, error: 'Transaction was rejected', version: '9.1.0' })
})

test('error: malformed answers are not answers', () => {
  const id = 'ab'.repeat(10)
  for (const bad of [
    null,
    'x',
    [],
    { id, data: 1 },
    { id: 1, success: true },
    { id: 'not-hex-id', success: true },
    { id, success: true, version: '0.4.1' },
    { id, success: true, version: 9 },
    { id: `${id}00`, success: true },
  ])
    expect(parseSafeResponse(bad), JSON.stringify(bad)).toBeUndefined()
  expect(parseSafeResponse({ id, success: false })).toMatchObject({ success: false })
})

test('behavior: a Safe is described by a checked address and chain id', () => {
  expect(parseSafeInfo(SAFE_INFO)).toEqual(SAFE_INFO)
  expect(parseSafeInfo({ ...SAFE_INFO, safeAddress: '0x12' })).toBeUndefined()
  expect(parseSafeInfo({ ...SAFE_INFO, chainId: '1' })).toBeUndefined()
  expect(parseSafeInfo({ ...SAFE_INFO, chainId: 0 })).toBeUndefined()
  expect(parseSafeInfo({ ...SAFE_INFO, owners: ['x', SAFE_INFO.owners[0]] })?.owners).toEqual(
    SAFE_INFO.owners,
  )
  expect(parseSafeInfo(undefined)).toBeUndefined()
})
