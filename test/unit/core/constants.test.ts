import { expect, test } from 'vitest'
import * as constants from '../../../src/core/constants.js'

test('default', () => {
  expect({ ...constants }).toMatchInlineSnapshot(`
    {
      "ANALYTICS_FLUSH_MS": 2000,
      "ANALYTICS_QUEUE_MAX": 100,
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
      "HISTORY_NAMESPACES": [
        "eip155",
        "solana",
      ],
      "HTTP_MAX_JSON_BYTES": 2097152,
      "HTTP_TIMEOUT_MS": 10000,
      "IMAGE_MAX_BYTES": 524288,
      "IMAGE_PRELOAD_TIMEOUT_MS": 2000,
      "IMAGE_SHOWS_PER_TASK": 2,
      "IMAGE_STARTS_PER_TASK": 4,
      "IMAGE_URL_FETCH_MAX": 48,
      "LOGIN_FRAME_TIMEOUT_MS": 30000,
      "MODAL_SHAKE_MS": 500,
      "NAME_LABEL_MAX_CHARS": 64,
      "NAME_LABEL_MIN_CHARS": 4,
      "NAME_NAMESPACES": [
        "eip155",
      ],
      "NAME_SIGNATURE_WINDOW_MS": 10000,
      "NAME_SUFFIX": ".reown.id",
      "NAME_SUFFIX_LEGACY": ".wcn.id",
      "NAME_SUGGESTIONS_MAX_COUNT": 4,
      "ONE_INCH_ROUTER_V6": "0x111111125421cA6dc452d289314280a0f8842A65",
      "ONE_INCH_ROUTER_V6_ZKSYNC": "0x6fd4383cB451173D5f9304F041C7BCBf27d561fF",
      "ONRAMP_BALANCE_POLL_MS": 2000,
      "ONRAMP_CHECKOUT_ORIGINS": [
        "https://pay.coinbase.com",
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
      "ONRAMP_POPUP_POLL_MS": 500,
      "ONRAMP_PRESET_AMOUNTS": [
        50,
        100,
        250,
        500,
      ],
      "ONRAMP_PROVIDER_FEE_RANGE_PERCENT": {
        "max": 2,
        "min": 1,
      },
      "OTP_LENGTH": 6,
      "OTP_LIFETIME_MINUTES": 10,
      "PAIRING_AUTO_RENEW_MAX_COUNT": 5,
      "PAIRING_EXPIRY_MARGIN_MS": 10000,
      "PAIRING_LIFETIME_MS": 240000,
      "PENDING_TRANSACTIONS_LIMIT_COUNT": 99,
      "PREPARED_PAIRING_INTERVAL_MS": 300000,
      "QUOTE_AMOUNT_PRECISION_DECIMALS": 6,
      "RECEIPT_POLL_INTERVAL_MS": 1000,
      "RECEIPT_TIMEOUT_MS": 600000,
      "RECENT_WALLETS_MAX_COUNT": 2,
      "RECOMMENDED_WALLETS_COUNT": 4,
      "RELAY_CONNECT_TIMEOUT_MS": 15000,
      "RESTRICTED_TIMEZONES": [
        "ASIA/SHANGHAI",
        "ASIA/URUMQI",
        "ASIA/CHONGQING",
        "ASIA/HARBIN",
        "ASIA/KASHGAR",
        "ASIA/MACAU",
        "ASIA/MACAO",
        "ASIA/HONG_KONG",
        "ASIA/BEIJING",
      ],
      "SAFE_DETECT_TIMEOUT_MS": 1000,
      "SEARCH_ENTRIES_COUNT": 100,
      "SEARCH_IMAGE_WAIT_MS": 300,
      "SOCIAL_POPUP_POLL_MS": 500,
      "SWAP_GAS_ESTIMATE_UNITS": 150000n,
      "SWAP_MAX_DEADLINE_SECONDS": 3600,
      "SWAP_MAX_SLIPPAGE_PERCENT": 50,
      "SWAP_POPULAR_TOKEN_SYMBOLS": [
        "ETH",
        "UNI",
        "1INCH",
        "AAVE",
        "SOL",
        "ADA",
        "AVAX",
        "DOT",
        "LINK",
        "NITRO",
        "GAIA",
        "MILK",
        "TRX",
        "NEAR",
        "GNO",
        "WBTC",
        "DAI",
        "WETH",
        "USDC",
        "USDT",
        "ARB",
        "BAL",
        "BICO",
        "CRV",
        "ENS",
        "MATIC",
        "OP",
        "METAL",
        "CHAMP",
        "WOLF",
        "SALE",
        "BUSD",
        "MUST",
        "BTCpx",
        "ROUTE",
        "HEX",
        "WELT",
        "amDAI",
        "VSQ",
        "VISION",
        "AURUM",
        "pSP",
        "SNX",
        "VC",
        "CHP",
        "amUSDT",
        "SPHERE",
        "FOX",
        "GIDDY",
        "GFC",
        "OMEN",
        "OX_OLD",
        "DE",
        "WNT",
      ],
      "SWAP_PROVIDER_FEE_PERCENT": 0.85,
      "SWAP_REFRESH_INTERVAL_MS": 10000,
      "SWAP_SIMULATION_TIMEOUT_MS": 5000,
      "SWAP_SLIPPAGE_PERCENT": 1,
      "SWAP_SUGGESTED_TOKEN_SYMBOLS": [
        "ETH",
        "UNI",
        "1INCH",
        "AAVE",
        "SOL",
        "ADA",
        "AVAX",
        "DOT",
        "LINK",
        "NITRO",
        "GAIA",
        "MILK",
        "TRX",
        "NEAR",
        "GNO",
        "WBTC",
        "DAI",
        "WETH",
        "USDC",
        "USDT",
        "ARB",
        "BAL",
        "BICO",
        "CRV",
        "ENS",
        "MATIC",
        "OP",
      ],
      "SWAP_SUPPORTED_CHAIN_IDS": [
        "eip155:1",
        "eip155:42161",
        "eip155:10",
        "eip155:324",
        "eip155:8453",
        "eip155:56",
        "eip155:137",
        "eip155:100",
        "eip155:43114",
        "eip155:250",
        "eip155:8217",
        "eip155:1313161554",
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
  expect(constants.SWAP_MAX_SLIPPAGE_PERCENT).toBe(50)
  expect(constants.SWAP_REFRESH_INTERVAL_MS).toBe(10_000)
})

test('behavior: the swap networks are the public swap service’s twelve, Klaytn included', () => {
  expect([...constants.SWAP_SUPPORTED_CHAIN_IDS].sort()).toEqual(
    [
      'eip155:1', // Ethereum
      'eip155:42161', // Arbitrum One
      'eip155:10', // OP Mainnet
      'eip155:324', // zkSync Era
      'eip155:8453', // Base
      'eip155:56', // BNB Smart Chain
      'eip155:137', // Polygon
      'eip155:100', // Gnosis
      'eip155:43114', // Avalanche
      'eip155:250', // Fantom
      'eip155:8217', // Klaytn
      'eip155:1313161554', // Aurora
    ].sort(),
  )
  expect(constants.SWAP_SUPPORTED_CHAIN_IDS).not.toContain('eip155:59144')
})

test('behavior: suggested swap tokens lead the popular list, which names each symbol once', () => {
  const suggested = constants.SWAP_SUGGESTED_TOKEN_SYMBOLS
  const popular = constants.SWAP_POPULAR_TOKEN_SYMBOLS
  expect(suggested).toHaveLength(27)
  expect(popular.slice(0, suggested.length)).toEqual(suggested)
  expect(new Set(popular).size).toBe(popular.length)
  expect(popular).toHaveLength(54)
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
