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
  SwapInitializationError,
  SwapNetworkNotSupportedError,
  SwapTransactionError,
  SwapTransactionMismatchError,
} from '../../../../src/core/errors/swap.js'

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
