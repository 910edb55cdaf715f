import { expect, test } from 'vitest'
import * as constants from '../../../src/core/constants.js'

test('default', () => {
  expect({ ...constants }).toMatchInlineSnapshot(`
    {
      "BALANCE_NAMESPACES": [
        "eip155",
        "solana",
      ],
      "BALANCE_RETRY_MS": 30000,
      "DEBOUNCE_DEFAULT_MS": 500,
      "EMAIL_RESEND_WAIT_MS": 30000,
      "FARCASTER_POLL_MS": 1000,
      "FARCASTER_RELOAD_DELAY_MS": 100,
      "FEATURED_WALLETS_DEFAULT_COUNT": 4,
      "HTTP_TIMEOUT_MS": 10000,
      "IMAGE_PRELOAD_TIMEOUT_MS": 2000,
      "LOGIN_FRAME_TIMEOUT_MS": 30000,
      "MODAL_SHAKE_MS": 500,
      "NAME_NAMESPACES": [
        "eip155",
      ],
      "ONRAMP_FALLBACK_LIMITS": {
        "bankAccount": {
          "max": 25000,
          "min": 10,
        },
        "card": {
          "max": 7500,
          "min": 10,
        },
      },
      "ONRAMP_PROVIDER_FEE_RANGE_PERCENT": {
        "max": 2,
        "min": 1,
      },
      "OTP_LENGTH": 6,
      "PAIRING_AUTO_RENEW_MAX_COUNT": 5,
      "PAIRING_EXPIRY_MARGIN_MS": 10000,
      "PAIRING_LIFETIME_MS": 240000,
      "PENDING_TRANSACTIONS_LIMIT_COUNT": 99,
      "QUOTE_AMOUNT_PRECISION_DECIMALS": 6,
      "RECEIPT_POLL_INTERVAL_MS": 1000,
      "RECEIPT_TIMEOUT_MS": 600000,
      "RECENT_WALLETS_MAX_COUNT": 2,
      "RECOMMENDED_WALLETS_COUNT": 4,
      "RELAY_CONNECT_TIMEOUT_MS": 15000,
      "SEARCH_ENTRIES_COUNT": 100,
      "SEARCH_IMAGE_WAIT_MS": 300,
      "SOCIAL_POPUP_POLL_MS": 500,
      "SWAP_GAS_ESTIMATE_UNITS": 150000n,
      "SWAP_PROVIDER_FEE_PERCENT": 0.85,
      "SWAP_SLIPPAGE_PERCENT": 1,
      "SWAP_SUPPORTED_CHAIN_IDS": [
        "eip155:1",
        "eip155:56",
        "eip155:137",
        "eip155:324",
        "eip155:100",
        "eip155:8453",
        "eip155:42161",
        "eip155:43114",
        "eip155:10",
        "eip155:250",
        "eip155:1313161554",
        "eip155:59144",
      ],
      "TOAST_DISPLAY_MS": 2500,
      "TOAST_REPLACE_DELAY_MS": 150,
      "WALLET_PAGE_SIZE": 40,
    }
  `)
})

test('behavior: wallet list numbers of SPEC §9', () => {
  expect(constants.WALLET_PAGE_SIZE).toBe(40)
  expect(constants.FEATURED_WALLETS_DEFAULT_COUNT).toBe(4)
  expect(constants.RECOMMENDED_WALLETS_COUNT).toBe(4)
  expect(constants.SEARCH_ENTRIES_COUNT).toBe(100)
  expect(constants.SEARCH_IMAGE_WAIT_MS).toBe(300)
  expect(constants.RECENT_WALLETS_MAX_COUNT).toBe(2)
})

test('behavior: connection and timing numbers of SPEC §9', () => {
  expect(constants.PAIRING_LIFETIME_MS).toBe(240_000)
  expect(constants.PAIRING_EXPIRY_MARGIN_MS).toBe(10_000)
  expect(constants.BALANCE_RETRY_MS).toBe(30_000)
  expect(constants.EMAIL_RESEND_WAIT_MS).toBe(30_000)
  expect(constants.LOGIN_FRAME_TIMEOUT_MS).toBe(30_000)
  expect(constants.TOAST_REPLACE_DELAY_MS).toBe(150)
  expect(constants.MODAL_SHAKE_MS).toBe(500)
  expect(constants.IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
  expect(constants.DEBOUNCE_DEFAULT_MS).toBe(500)
  expect(constants.FARCASTER_RELOAD_DELAY_MS).toBe(100)
})

test('behavior: swap numbers of SPEC §9', () => {
  expect(constants.SWAP_SLIPPAGE_PERCENT).toBe(1)
  expect(constants.SWAP_PROVIDER_FEE_PERCENT).toBe(0.85)
  expect(constants.SWAP_GAS_ESTIMATE_UNITS).toBe(150_000n)
  expect(constants.PENDING_TRANSACTIONS_LIMIT_COUNT).toBe(99)
  expect(constants.QUOTE_AMOUNT_PRECISION_DECIMALS).toBe(6)
  expect(constants.SWAP_SUPPORTED_CHAIN_IDS).toHaveLength(12)
  expect(new Set(constants.SWAP_SUPPORTED_CHAIN_IDS).size).toBe(12)
  for (const id of constants.SWAP_SUPPORTED_CHAIN_IDS) expect(id).toMatch(/^eip155:[1-9][0-9]*$/)
})

test('behavior: on-ramp numbers of SPEC §9', () => {
  expect(constants.ONRAMP_FALLBACK_LIMITS).toEqual({
    card: { min: 10, max: 7500 },
    bankAccount: { min: 10, max: 25_000 },
  })
  expect(constants.ONRAMP_PROVIDER_FEE_RANGE_PERCENT).toEqual({ min: 1, max: 2 })
  expect(constants.BALANCE_NAMESPACES).toEqual(['eip155', 'solana'])
  expect(constants.NAME_NAMESPACES).toEqual(['eip155'])
})
