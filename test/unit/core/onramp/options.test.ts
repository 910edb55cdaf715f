import { describe, expect, test } from 'vitest'
import {
  assetsFor,
  fallbackOptions,
  isWithinLimits,
  limitsOf,
} from '../../../../src/core/onramp/options.js'
import type { OnRampOptions } from '../../../../src/core/onramp/types.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'

const network = (caipNetworkId: string, symbol = 'ETH'): CaipNetwork => {
  const [namespace, reference = ''] = caipNetworkId.split(':')
  return {
    caipNetworkId,
    namespace,
    reference,
    name: `Net ${reference}`,
    nativeCurrency: { name: symbol === 'ETH' ? 'Ether' : symbol, symbol, decimals: 18 },
  } as CaipNetwork
}

test('default: the fallback offers USD and EUR by card 10–7 500 and bank account 10–25 000', () => {
  const options = fallbackOptions(network('eip155:8453'))
  expect(options.paymentCurrencies).toEqual([
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10', max: '7500' },
        { id: 'ach_bank_account', min: '10', max: '25000' },
      ],
    },
    {
      id: 'EUR',
      payment_method_limits: [
        { id: 'card', min: '10', max: '7500' },
        { id: 'ach_bank_account', min: '10', max: '25000' },
      ],
    },
  ])
  expect(limitsOf(options.paymentCurrencies[0], 'card')).toEqual({ min: 10, max: 7500 })
  expect(limitsOf(options.paymentCurrencies[1], 'ach_bank_account')).toEqual({
    min: 10,
    max: 25_000,
  })
})

describe('fallback assets', () => {
  test('behavior: the native coin and USD Coin on a known network, by the providers’ names', () => {
    const base = network('eip155:8453')
    const assets = assetsFor(fallbackOptions(base), base)
    expect(
      assets.map((a) => [a.currency.symbol, a.network.name, a.network.contract_address]),
    ).toEqual([
      ['ETH', 'base', ''],
      ['USDC', 'base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    ])
    const sol = network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL')
    expect(assetsFor(fallbackOptions(sol), sol).map((a) => a.currency.symbol)).toEqual([
      'SOL',
      'USDC',
    ])
  })

  test('behavior: an unknown network offers its native coin, named by its CAIP-2 id', () => {
    const devnet = network('eip155:31337')
    const assets = assetsFor(fallbackOptions(devnet), devnet)
    expect(assets).toEqual([
      {
        currency: {
          id: 'eth',
          name: 'Ether',
          symbol: 'ETH',
          networks: [
            {
              name: 'eip155:31337',
              display_name: 'Net 31337',
              chain_id: '31337',
              contract_address: '',
            },
          ],
        },
        network: {
          name: 'eip155:31337',
          display_name: 'Net 31337',
          chain_id: '31337',
          contract_address: '',
        },
      },
    ])
  })
})

describe('assetsFor', () => {
  const options: OnRampOptions = {
    paymentCurrencies: [],
    purchaseCurrencies: [
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          {
            name: 'devnet-31337',
            display_name: 'Devnet',
            chain_id: '31337',
            contract_address: '0x1',
          },
          {
            name: 'devnet-31338',
            display_name: 'Devnet 2',
            chain_id: '31338',
            contract_address: '0x2',
          },
        ],
      },
      {
        id: 'eth',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'devnet-31337', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
        ],
      },
      {
        id: 'sol',
        name: 'Solana',
        symbol: 'SOL',
        networks: [
          {
            name: 'solana-localnet',
            display_name: 'Local',
            chain_id: 'localnet',
            contract_address: '',
          },
        ],
      },
    ],
  }

  test('behavior: only the active network’s listings, native coin first', () => {
    expect(assetsFor(options, network('eip155:31337')).map((a) => a.currency.symbol)).toEqual([
      'ETH',
      'USDC',
    ])
    expect(
      assetsFor(options, network('eip155:31338')).map((a) => a.network.contract_address),
    ).toEqual(['0x2'])
    expect(
      assetsFor(options, network('solana:localnet', 'SOL')).map((a) => a.currency.symbol),
    ).toEqual(['SOL'])
    expect(assetsFor(options, network('eip155:1'))).toEqual([])
  })
})

describe('limits', () => {
  test('behavior: both ends are inside; outside, empty and non-numbers are not', () => {
    const range = { min: 10, max: 7500 }
    expect(['10', '10.00', '50', '7500', '7499.99'].map((a) => isWithinLimits(a, range))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(
      ['9.99', '7500.01', '', '.', '1e3', '-20', '50,5', ' 50'].map((a) =>
        isWithinLimits(a, range),
      ),
    ).toEqual([false, false, false, false, false, false, false, false])
  })

  test('error: an unknown method or unreadable limits give no range', () => {
    const currency = {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: 'ten', max: '100' },
        { id: 'ach_bank_account', min: '500', max: '20' },
      ],
    }
    expect(limitsOf(currency, 'card')).toBeUndefined()
    expect(limitsOf(currency, 'ach_bank_account')).toBeUndefined()
    expect(limitsOf(currency, 'paypal')).toBeUndefined()
    expect(limitsOf(undefined, 'card')).toBeUndefined()
  })
})
