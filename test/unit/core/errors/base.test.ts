import { expect, test } from 'vitest'
import { errorClass, WalletKitError } from '../../../../src/core/errors/base.js'
import { ChainAdapterNotFoundError, InvalidCaipError } from '../../../../src/core/errors/caip.js'
import { HttpRequestError, TimeoutError } from '../../../../src/core/errors/http.js'
import { AlreadyInitializedError, UnknownOptionError } from '../../../../src/core/errors/options.js'

test('default', () => {
  const error = new WalletKitError('Failed to disconnect')
  expect(error).toBeInstanceOf(Error)
  expect(error.name).toBe('WalletKitError')
  expect(error.shortMessage).toBe('Failed to disconnect')
  expect(error.message).toBe('Failed to disconnect')
  expect(error.details).toBeUndefined()
  expect(error.cause).toBeUndefined()
})

test('args: meta messages, details and docs path build the message', () => {
  const error = new WalletKitError('Transaction error', {
    metaMessages: ['Chain: eip155:1', 'From: 0x0'],
    details: 'execution reverted',
    docsPath: '/errors#transaction',
  })
  expect(error.message).toMatchInlineSnapshot(`
    "Transaction error

    Chain: eip155:1
    From: 0x0

    Details: execution reverted
    Docs: /errors#transaction"
  `)
  expect(error.shortMessage).toBe('Transaction error')
})

test('behavior: details come from the cause', () => {
  const inner = new InvalidCaipError({ value: 'x', reason: 'not a network' })
  expect(new WalletKitError('Outer', { cause: inner }).details).toBe(inner.details)
  expect(new WalletKitError('Outer', { cause: new TypeError('boom') }).details).toBe('boom')
  expect(new WalletKitError('Outer', { cause: 'text' }).details).toBeUndefined()
  expect(new WalletKitError('Same', { details: 'Same' }).message).toBe('Same')
})

test('behavior: walk finds the deepest cause, or the first match', () => {
  const root = new TypeError('Failed to fetch')
  const middle = new HttpRequestError({ status: 503, url: 'https://x.example/' })
  Object.defineProperty(middle, 'cause', { value: root })
  const top = new WalletKitError('Token Balance Unavailable', { cause: middle })
  expect(top.walk()).toBe(root)
  expect(top.walk((e) => e instanceof HttpRequestError)).toBe(middle)
  expect(top.walk((e) => e instanceof TimeoutError)).toBeNull()
})

test('behavior: every subclass has its fixed name and the spec’s short message', () => {
  expect(new ChainAdapterNotFoundError({ namespace: 'solana' })).toMatchObject({
    name: 'ChainAdapterNotFoundError',
    shortMessage: 'Chain adapter not found',
  })
  expect(new InvalidCaipError({ value: 1, reason: 'r' })).toMatchObject({
    name: 'InvalidCaipError',
    shortMessage: 'Invalid CAIP Address',
  })
  expect(new HttpRequestError({ status: 429, url: 'u' })).toMatchObject({
    name: 'HttpRequestError',
    shortMessage: 'HTTP status code: 429',
  })
  expect(new UnknownOptionError({ key: 'k', known: ['a'] }).name).toBe('UnknownOptionError')
  expect(new AlreadyInitializedError()).toBeInstanceOf(WalletKitError)
  expect(new AlreadyInitializedError().message).toMatchInlineSnapshot(
    `"WalletKit is already initialized with different options: call kit.destroy() before init() again."`,
  )
})

test('behavior: errorClass gives what a class of its own gives: name, text, cause and its details', () => {
  const Made = errorClass('HistoryFetchError', 'Failed to fetch transactions')
  class Written extends WalletKitError {
    constructor(cause?: unknown) {
      super('Failed to fetch transactions', { name: 'HistoryFetchError', cause })
    }
  }
  const cause = new Error('HTTP 500')
  for (const args of [[], [cause], [undefined]] as const) {
    const made = new Made(...args)
    const written = new Written(...args)
    expect(made).toBeInstanceOf(WalletKitError)
    expect(made).toBeInstanceOf(Made)
    expect(made.name).toBe('HistoryFetchError')
    for (const key of ['message', 'shortMessage', 'details', 'cause', 'docsPath'] as const)
      expect(made[key]).toEqual(written[key])
    expect(Object.keys(made)).toEqual(Object.keys(written))
    expect('cause' in made).toBe('cause' in written)
  }
  expect(new Made(cause).details).toBe('HTTP 500')
  expect(new Made()).not.toBeInstanceOf(errorClass('HistoryFetchError', 'x'))
})
