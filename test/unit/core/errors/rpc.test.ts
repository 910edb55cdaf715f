import { expect, test } from 'vitest'
import { WalletKitError } from '../../../../src/core/errors/base.js'
import {
  ChainDisconnectedError,
  ProviderDisconnectedError,
  ProviderRpcError,
  RequestAlreadyPendingError,
  toProviderError,
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletRequestError,
  walletErrorCode,
} from '../../../../src/core/errors/rpc.js'

/** A wallet's error as EIP-1193 providers throw it: an Error carrying `code` (and maybe `data`). */
const walletError = (code: number | undefined, message: string, data?: unknown) =>
  Object.assign(new Error(message), { code, ...(data !== undefined && { data }) })

test('default', () => {
  const cause = walletError(4001, 'User rejected the request.')
  const error = toProviderError(cause)
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect(error).toBeInstanceOf(ProviderRpcError)
  expect(error).toBeInstanceOf(WalletKitError)
  expect(error.code).toBe(4001)
  expect(error.cause).toBe(cause)
  expect(error.name).toBe('UserRejectedRequestError')
  expect(error.details).toBe('User rejected the request.')
  expect(error.message).toMatchInlineSnapshot(`
    "The request was declined in the wallet.

    Details: User rejected the request."
  `)
})

test('behavior: every wallet code maps to its class with a distinct text (SECURITY 22)', () => {
  const cases: [string, unknown][] = [
    ['4001', walletError(4001, 'User rejected the request.')],
    ['-32002', walletError(-32002, 'Request already pending. Please wait.')],
    ['4100', walletError(4100, 'Not authorized.')],
    ['4200', walletError(4200, 'Method not supported.')],
    ['-32601', walletError(-32601, 'The method does not exist / is not available.')],
    ['4900', walletError(4900, 'Disconnected.')],
    ['4901', walletError(4901, 'Chain disconnected.')],
    ['4902', walletError(4902, 'Unrecognized chain ID.')],
    ['-32603 without a message', walletError(-32603, '')],
    ['-32603 with a localized message', walletError(-32603, 'Interner JSON-RPC-Fehler.')],
    ['unknown code', walletError(5555, '')],
    ['localized 4001', walletError(4001, 'Der Benutzer hat die Anfrage abgelehnt.')],
    [
      'nested data.originalError.code',
      walletError(-32603, 'Internal JSON-RPC error.', {
        originalError: { code: 4902, message: 'Unrecognized chain ID.' },
      }),
    ],
    ['no code at all', new Error('')],
  ]
  const mapped = Object.fromEntries(
    cases.map(([label, cause]) => {
      const error = toProviderError(cause)
      return [label, `${error.name} ${error.code}: ${error.shortMessage}`]
    }),
  )
  expect(mapped).toMatchInlineSnapshot(`
    {
      "-32002": "RequestAlreadyPendingError -32002: A request is already waiting in your wallet. Open the wallet to continue.",
      "-32601": "UnsupportedProviderMethodError -32601: The wallet does not support this request.",
      "-32603 with a localized message": "WalletRequestError -32603: Interner JSON-RPC-Fehler.",
      "-32603 without a message": "WalletRequestError -32603: The wallet reported an error.",
      "4001": "UserRejectedRequestError 4001: The request was declined in the wallet.",
      "4100": "UnauthorizedProviderError 4100: The wallet has not authorised this site. Unlock it and try again.",
      "4200": "UnsupportedProviderMethodError 4200: The wallet does not support this request.",
      "4900": "ProviderDisconnectedError 4900: The wallet is not connected to any network.",
      "4901": "ChainDisconnectedError 4901: The wallet is not connected to this network.",
      "4902": "UnrecognizedChainError 4902: The wallet does not know this network.",
      "localized 4001": "UserRejectedRequestError 4001: The request was declined in the wallet.",
      "nested data.originalError.code": "UnrecognizedChainError 4902: The wallet does not know this network.",
      "no code at all": "WalletRequestError -32603: The wallet reported an error.",
      "unknown code": "WalletRequestError 5555: The wallet reported an error.",
    }
  `)
  // The seven standard failures a visitor can meet each read differently.
  const standard = [4001, -32002, 4100, 4200, 4900, 4901, 4902].map(
    (code) => toProviderError(walletError(code, 'x')).shortMessage,
  )
  expect(new Set(standard).size).toBe(standard.length)
})

test('behavior: each code gives an instance of its own class', () => {
  const classes: [number, abstract new (...args: never[]) => ProviderRpcError][] = [
    [4001, UserRejectedRequestError],
    [-32002, RequestAlreadyPendingError],
    [4100, UnauthorizedProviderError],
    [4200, UnsupportedProviderMethodError],
    [-32601, UnsupportedProviderMethodError],
    [4900, ProviderDisconnectedError],
    [4901, ChainDisconnectedError],
    [4902, UnrecognizedChainError],
    [-32603, WalletRequestError],
    [1, WalletRequestError],
  ]
  for (const [code, Class] of classes)
    expect(toProviderError({ code, message: 'm' }), String(code)).toBeInstanceOf(Class)
  expect(UserRejectedRequestError.code).toBe(4001)
  expect(RequestAlreadyPendingError.code).toBe(-32002)
  expect(UnrecognizedChainError.code).toBe(4902)
})

test('behavior: toProviderError is idempotent', () => {
  const once = toProviderError(walletError(4001, 'no'))
  expect(toProviderError(once)).toBe(once)
  expect(toProviderError(toProviderError(once))).toBe(once)
  const generic = toProviderError('boom')
  expect(toProviderError(generic)).toBe(generic)
  const subclass = new UnrecognizedChainError()
  expect(toProviderError(subclass)).toBe(subclass)
})

test('behavior: a nested code wins over the outer -32603', () => {
  const cause = walletError(-32603, 'Internal JSON-RPC error.', {
    originalError: { code: 4001, message: 'User rejected.' },
  })
  expect(walletErrorCode(cause)).toBe(4001)
  const error = toProviderError(cause)
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect(error.cause).toBe(cause)
})

test('behavior: a long wallet message is not shown to the visitor but kept for developers', () => {
  const long = 'x'.repeat(161)
  const error = toProviderError(walletError(-32603, long))
  expect(error.shortMessage).toBe('The wallet reported an error.')
  expect(error.details).toBe(long)
  const huge = toProviderError(walletError(-32603, 'y'.repeat(10_000)))
  expect(huge.details).toHaveLength(300)
  expect(toProviderError(walletError(-32603, 'z'.repeat(160))).shortMessage).toBe('z'.repeat(160))
})

test('args: walletErrorCode reads numbers only, nested first', () => {
  expect(walletErrorCode({ code: 4001 })).toBe(4001)
  expect(walletErrorCode({ code: '4001' })).toBeUndefined()
  expect(walletErrorCode({ code: 4001, data: null })).toBe(4001)
  expect(walletErrorCode({ code: 4001, data: 'text' })).toBe(4001)
  expect(walletErrorCode({ code: 4001, data: { originalError: null } })).toBe(4001)
  expect(walletErrorCode({ code: 4001, data: { originalError: { code: '4902' } } })).toBe(4001)
  expect(walletErrorCode({ data: { originalError: { code: 4902 } } })).toBe(4902)
  expect(walletErrorCode(null)).toBeUndefined()
  expect(walletErrorCode(undefined)).toBeUndefined()
  expect(walletErrorCode('4001')).toBeUndefined()
  expect(walletErrorCode(4001)).toBeUndefined()
})

test('error: values that are not errors become a WalletRequestError', () => {
  for (const value of [undefined, null, 42, {}, [], { message: 7 }]) {
    const error = toProviderError(value)
    expect(error).toBeInstanceOf(WalletRequestError)
    expect(error.code).toBe(-32603)
    expect(error.shortMessage).toBe('The wallet reported an error.')
  }
})

test('error: a wallet rejecting with a plain string keeps its text', () => {
  const error = toProviderError('Anfrage abgelehnt')
  expect(error.shortMessage).toBe('Anfrage abgelehnt')
})

test("behavior: WalletConnect's user-rejected code 5000 is a rejection too", () => {
  const error = toProviderError({ code: 5000, message: 'User rejected.' })
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  expect(error.code).toBe(4001)
})

test('behavior: a wallet message is kept only when it is short enough to show', () => {
  const own = toProviderError({ code: -32000, message: 'insufficient funds for gas' })
  expect(own).toMatchObject({ shortMessage: 'insufficient funds for gas', hasWalletMessage: true })
  const silent = toProviderError({ code: -32000, message: 'x'.repeat(161) })
  expect(silent).toMatchObject({
    shortMessage: 'The wallet reported an error.',
    hasWalletMessage: false,
  })
})
