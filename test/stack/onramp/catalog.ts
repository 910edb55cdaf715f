import type { ChainDescription } from '../chain/deploy.js'

/** One network an asset is sold on, in the options' shape (snake_case, as the kit reads it). */
export interface OnRampNetwork {
  /** The provider's name of the network, e.g. 'devnet-31337'; the quote's `network`. */
  name: string
  display_name: string
  /** eip155: the decimal chain id; solana: the CAIP-2 reference (e.g. 'localnet'). */
  chain_id: string
  /** The token's address on the network; '' for the native coin. */
  contract_address: string
}

/** An asset the provider sells (`purchaseCurrencies[]`). */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: OnRampNetwork[]
}

/** A fiat currency and its limits per payment method (`paymentCurrencies[]`). */
export interface PaymentCurrency {
  id: string
  payment_method_limits: { id: 'card' | 'ach_bank_account'; min: string; max: string }[]
}

/** Where an asset lives on one network, for quotes and payouts. */
export interface Listing {
  asset: PurchaseCurrency
  network: OnRampNetwork
  /** CAIP-2 id of the network. */
  caipNetworkId: string
  decimals: number
}

/**
 * Limits of the local provider. They differ from the kit's built-in fallback (10–7 500 card,
 * 10–25 000 bank account) on purpose, so a test can tell which set the kit used.
 */
export const PAYMENT_CURRENCIES: readonly PaymentCurrency[] = ['USD', 'EUR', 'GBP'].map((id) => ({
  id,
  payment_method_limits: [
    { id: 'card', min: '20.00', max: '5000.00' },
    { id: 'ach_bank_account', min: '20.00', max: '20000.00' },
  ],
}))

/** USD per unit of each fiat currency the provider takes. */
export const FIAT_USD: Readonly<Record<string, number>> = { USD: 1, EUR: 1.08, GBP: 1.27 }

/** Provider fee per payment method, percent of the payment (within the 1–2 % the kit shows). */
export const PROVIDER_FEE_PERCENT: Readonly<Record<string, number>> = {
  card: 2,
  ach_bank_account: 1,
}

/** Network fee of a payout, in the payment currency. */
export const NETWORK_FEE = '0.10'

/** The stablecoins sold beside each chain's native coin. */
const STABLECOINS = ['USDC', 'DAI'] as const

/** The provider's network name of an eip155 chain. */
export const evmNetworkName = (chainId: number) => `devnet-${chainId}`

/** What the local provider sells: ETH, USDC and DAI on each chain, SOL on the Solana chain. */
export function createCatalog(
  chains: readonly ChainDescription[],
  solana?: { caipNetworkId: string },
): { purchaseCurrencies: PurchaseCurrency[]; listings: Listing[] } {
  const listings: Listing[] = []
  const eth: PurchaseCurrency = { id: 'eth', name: 'Ether', symbol: 'ETH', networks: [] }
  const coins = STABLECOINS.map((symbol) => {
    const token = chains[0]?.tokens.find((t) => t.symbol === symbol)
    return { id: symbol.toLowerCase(), name: token?.name ?? symbol, symbol, networks: [] }
  }) as PurchaseCurrency[]
  for (const chain of chains) {
    const base = {
      name: evmNetworkName(chain.chainId),
      display_name: `Devnet ${chain.chainId}`,
      chain_id: String(chain.chainId),
    }
    const caipNetworkId = `eip155:${chain.chainId}`
    const native = { ...base, contract_address: '' }
    eth.networks.push(native)
    listings.push({ asset: eth, network: native, caipNetworkId, decimals: 18 })
    for (const coin of coins) {
      const token = chain.tokens.find((t) => t.symbol === coin.symbol)
      if (!token) continue
      const network = { ...base, contract_address: token.address }
      coin.networks.push(network)
      listings.push({ asset: coin, network, caipNetworkId, decimals: token.decimals })
    }
  }
  const purchaseCurrencies = [eth, ...coins]
  if (solana) {
    const reference = solana.caipNetworkId.split(':')[1] ?? ''
    const network = {
      name: `solana-${reference}`,
      display_name: 'Solana Localnet',
      chain_id: reference,
      contract_address: '',
    }
    const sol: PurchaseCurrency = { id: 'sol', name: 'Solana', symbol: 'SOL', networks: [network] }
    purchaseCurrencies.push(sol)
    listings.push({ asset: sol, network, caipNetworkId: solana.caipNetworkId, decimals: 9 })
  }
  return { purchaseCurrencies, listings }
}
