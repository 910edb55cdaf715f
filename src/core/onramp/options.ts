import { ONRAMP_FALLBACK_LIMITS } from '../constants.js'
import type { CaipNetwork } from '../types/caip.js'
import type { OnRampAsset, OnRampOptions, PaymentCurrency, PurchaseCurrency } from './types.js'

/** The payment methods the kit knows, in the order it offers them. */
export const PAYMENT_METHODS = ['card', 'ach_bank_account'] as const

/** A payment method id. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * Networks the fallback knows by the providers' names, with the USD Coin contract there; any other
 * network is named by its CAIP-2 id and offers its native coin only.
 */
const KNOWN_NETWORKS: Readonly<Record<string, readonly [name: string, usdc: string]>> = {
  'eip155:1': ['ethereum', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
  'eip155:8453': ['base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
  'eip155:10': ['optimism', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'],
  'eip155:42161': ['arbitrum', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
  'eip155:137': ['polygon', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'],
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': [
    'solana',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ],
}

const limits = (card: { min: number; max: number }, bank: { min: number; max: number }) => [
  { id: 'card', min: String(card.min), max: String(card.max) },
  { id: 'ach_bank_account', min: String(bank.min), max: String(bank.max) },
]

/**
 * The built-in options used when the options call fails (SPEC §8): USD and EUR by card (10–7 500)
 * or bank account (10–25 000), and the network's native coin plus USD Coin where its contract is
 * known.
 */
export function fallbackOptions(network: CaipNetwork): OnRampOptions {
  const { card, bankAccount } = ONRAMP_FALLBACK_LIMITS
  const [name, usdc] = KNOWN_NETWORKS[network.caipNetworkId] ?? [network.caipNetworkId, '']
  const listing = { name, display_name: network.name, chain_id: network.reference }
  const native: PurchaseCurrency = {
    id: network.nativeCurrency.symbol.toLowerCase(),
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    networks: [{ ...listing, contract_address: '' }],
  }
  const purchaseCurrencies = [native]
  if (usdc)
    purchaseCurrencies.push({
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ ...listing, contract_address: usdc }],
    })
  return {
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({
      id,
      payment_method_limits: limits(card, bankAccount),
    })),
    purchaseCurrencies,
  }
}

/** What can be bought on `network`: each asset listed there, the native coin first. */
export function assetsFor(options: OnRampOptions, network: CaipNetwork): OnRampAsset[] {
  const assets: OnRampAsset[] = []
  for (const currency of options.purchaseCurrencies)
    for (const listing of currency.networks)
      if (listing.chain_id === network.reference) assets.push({ currency, network: listing })
  return assets.sort(
    (a, b) => Number(a.network.contract_address !== '') - Number(b.network.contract_address !== ''),
  )
}

/** The limits of a payment method in a currency, as numbers; undefined when not offered. */
export function limitsOf(
  currency: PaymentCurrency | undefined,
  method: string,
): { min: number; max: number } | undefined {
  const found = currency?.payment_method_limits.find((l) => l.id === method)
  const min = Number(found?.min)
  const max = Number(found?.max)
  return found && Number.isFinite(min) && Number.isFinite(max) && min <= max
    ? { min, max }
    : undefined
}

/** True when `amount` is a plain decimal within `limits` (both ends included). */
export function isWithinLimits(amount: string, range: { min: number; max: number }): boolean {
  if (!/^\d+(\.\d+)?$/.test(amount)) return false
  const value = Number(amount)
  return value >= range.min && value <= range.max
}
