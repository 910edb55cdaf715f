import { expect, test } from 'vitest'
import { resolveOptions } from '../../../../src/core/options.js'
import { projectId } from './support.js'

const resolve = (siwx: unknown) => () => resolveOptions({ projectId, siwx })

test('default', () => {
  const siwx = { required: true, statement: 'Welcome.', signOutOnDisconnect: false }
  expect(resolveOptions({ projectId, siwx }).siwx).toBe(siwx)
  expect(resolveOptions({ projectId }).siwx).toBeUndefined()
})

test('error: a statement with a line feed', () => {
  expect(
    resolve({ statement: 'Welcome.\nURI: https://evil.test' }),
  ).toThrowErrorMatchingInlineSnapshot(
    `[WalletKitError: Invalid option "siwx.statement": a statement cannot contain a line feed.]`,
  )
})

test('error: the storage hooks come together or not at all', () => {
  const hook = async () => undefined
  expect(resolve({ addSession: hook })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "siwx": expected addSession, getSessions and revokeSession together, or none of them, received "addSession".
    Docs: /options]
  `)
  expect(resolve({ getSessions: hook, revokeSession: hook })).toThrow(
    'Invalid option "siwx": expected addSession, getSessions and revokeSession together',
  )
  expect(resolve({ addSession: hook, getSessions: hook, revokeSession: hook })).not.toThrow()
})

test('error: wrong types', () => {
  expect(resolve({ signOutOnDisconnect: 'yes' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "siwx.signOutOnDisconnect": expected a boolean, received "yes".
    Docs: /options]
  `)
  expect(resolve({ verify: true })).toThrow('Invalid option "siwx.verify": expected a function')
  expect(resolve({ expirationSeconds: 0 })).toThrow('a whole number of seconds from 1 to 31536000')
  expect(resolve({ domain: 'shop.example' })).toThrow('Unknown option "siwx.domain"')
})

test('error: a session lifetime over a year, and a carriage return in the statement', () => {
  expect(resolve({ expirationSeconds: 31_536_001 })).toThrow(
    'a whole number of seconds from 1 to 31536000',
  )
  expect(resolve({ statement: 'Sign in\rnow' })).toThrow('a statement cannot contain a line feed')
})
