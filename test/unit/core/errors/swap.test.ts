import { expect, test } from 'vitest'
import { WalletKitError } from '../../../../src/core/errors/base.js'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import {
  AllowanceCheckError,
  ApprovalTransactionError,
  GasPriceNetworkNotSupportedError,
  IncorrectAmountError,
  InsufficientLiquidityError,
  NetworkTokenPriceError,
  SwapAddressNotFoundError,
  SwapDeadlineError,
  SwapFunctionUnknownError,
  SwapInitializationError,
  SwapInputMismatchError,
  SwapMinimumMismatchError,
  SwapNetworkNotSupportedError,
  SwapOutputMismatchError,
  SwapRecipientMismatchError,
  SwapRouterUnknownError,
  SwapSimulationMismatchError,
  SwapTransactionError,
  SwapTransactionMismatchError,
} from '../../../../src/core/errors/swap.js'
import { en } from '../../../../src/ui/i18n/en.js'

const cause = new HttpRequestError({ status: 503, url: 'https://rpc.example/v1/convert/quotes' })

test('default', () => {
  const errors = [
    new SwapNetworkNotSupportedError({ details: 'eip155:59144' }),
    new GasPriceNetworkNotSupportedError({ details: 'solana:x' }),
    new SwapAddressNotFoundError(),
    new SwapInitializationError({ cause }),
    new NetworkTokenPriceError({ cause }),
    new AllowanceCheckError({ cause }),
    new ApprovalTransactionError({ cause }),
    new SwapTransactionError({ cause }),
    new IncorrectAmountError(),
    new InsufficientLiquidityError(),
  ]
  // The spec's texts, word for word (SPEC §8).
  expect(errors.map((e) => [e.name, e.shortMessage])).toMatchInlineSnapshot(`
    [
      [
        "SwapNetworkNotSupportedError",
        "Network not supported for Swaps",
      ],
      [
        "GasPriceNetworkNotSupportedError",
        "Network not supported for Gas Price",
      ],
      [
        "SwapAddressNotFoundError",
        "No address found to swap the tokens from.",
      ],
      [
        "SwapInitializationError",
        "Failed to initialize swap",
      ],
      [
        "NetworkTokenPriceError",
        "Failed to fetch network token price",
      ],
      [
        "AllowanceCheckError",
        "Failed to check allowance",
      ],
      [
        "ApprovalTransactionError",
        "Failed to create approval transaction",
      ],
      [
        "SwapTransactionError",
        "Failed to create transaction",
      ],
      [
        "IncorrectAmountError",
        "Incorrect amount",
      ],
      [
        "InsufficientLiquidityError",
        "Insufficient liquidity",
      ],
    ]
  `)
  for (const error of errors) expect(error).toBeInstanceOf(WalletKitError)
})

test('behavior: step failures keep their cause; the banner carries its debug text', () => {
  const error = new AllowanceCheckError({ cause })
  expect(error.cause).toBe(cause)
  expect(error.walk()).toBe(cause)
  expect(error.message).toContain('HTTP status code: 503')
  expect(new IncorrectAmountError().details).toBe('Please enter a valid amount')
})

test('behavior: a mismatch names the transaction and the field', () => {
  const error = new SwapTransactionMismatchError({
    transaction: 'swap',
    field: 'value',
    expected: '1',
    received: '2',
  })
  expect([error.name, error.transaction, error.field]).toEqual([
    'SwapTransactionMismatchError',
    'swap',
    'value',
  ])
  expect(error.shortMessage).toBe('The swap would send another amount of coins than you entered.')
})

test('behavior: each check of the decoded call has its own class, name and code, and a translation', () => {
  const sides = { expected: 'a', received: 'b' }
  const errors = [
    new SwapRouterUnknownError({ field: 'router', ...sides }),
    new SwapRouterUnknownError({ transaction: 'approval', field: 'router', ...sides }),
    new SwapFunctionUnknownError({ field: 'function', ...sides }),
    new SwapInputMismatchError({ field: 'input', ...sides }),
    new SwapInputMismatchError({ field: 'amountIn', ...sides }),
    new SwapOutputMismatchError({ field: 'output', ...sides }),
    new SwapOutputMismatchError({ field: 'pool', ...sides }),
    new SwapRecipientMismatchError({ field: 'recipient', ...sides }),
    new SwapMinimumMismatchError({ field: 'minimum', ...sides }),
    new SwapDeadlineError({ field: 'deadline', ...sides }),
    new SwapSimulationMismatchError({ field: 'simulation', ...sides }),
  ]
  for (const error of errors) {
    expect(error).toBeInstanceOf(SwapTransactionMismatchError)
    expect(error.details).toBe(`${error.transaction} ${error.field}`)
  }
  expect(errors.map((e) => `${e.name}: ${e.shortMessage}`)).toMatchInlineSnapshot(`
    [
      "SwapRouterUnknownError: The swap goes to a contract that is not a known exchange of this network.",
      "SwapRouterUnknownError: The approval is for a contract that is not a known exchange of this network.",
      "SwapFunctionUnknownError: The swap calls a function WalletKit cannot check.",
      "SwapInputMismatchError: The swap would pay with another token than the one you chose.",
      "SwapInputMismatchError: The swap would take another amount than you entered.",
      "SwapOutputMismatchError: The swap would buy another token than the one you chose.",
      "SwapOutputMismatchError: The swap goes through a pool WalletKit cannot check.",
      "SwapRecipientMismatchError: The swap would send what you buy to another address than yours.",
      "SwapMinimumMismatchError: The swap guarantees less than the minimum shown.",
      "SwapDeadlineError: The swap’s deadline has passed or is too far away.",
      "SwapSimulationMismatchError: A simulation of the swap moves other amounts than the review shows.",
    ]
  `)
})

test('behavior: every refusal of a service-built transaction is shown in the visitor’s language', () => {
  const fields = {
    approval: ['network', 'target', 'router', 'spender', 'amount', 'value', 'data'],
    swap: ['network', 'router', 'target', 'value', 'function', 'input', 'amountIn', 'output'],
  } as const
  const more = ['pool', 'recipient', 'minimum', 'deadline', 'simulation'] as const
  for (const transaction of ['approval', 'swap'] as const)
    for (const field of [...fields[transaction], ...(transaction === 'swap' ? more : [])]) {
      const error = new SwapTransactionMismatchError({
        transaction,
        field,
        expected: '',
        received: '',
      })
      const text = error.shortMessage
      expect(text, `${transaction} ${field}`).not.toMatch(/is not what you asked for/)
      // The toast says it by its key (in the visitor's language), whose English is the message.
      const key = error.text?.key
      expect(key, text).toMatch(/^swap\.refused\./)
      expect(key && en[key], text).toBe(text)
    }
})
