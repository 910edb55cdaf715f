import type { TokenBalance } from '../core/chain-state.js'
import type { NamesApi } from '../core/names/types.js'
import type { OnRampApi } from '../core/onramp/types.js'
import type { BlockchainApi } from '../core/types/services.js'
import type { HttpClient } from './http.js'
import { lazyCalls } from './lazy-calls.js'
import { boundedStrings, finite, list, optionalText, record, text } from './parse.js'

declare const require: (id: string) => unknown

/** Most networks read from `v1/supported-chains`, per transport. */
const SUPPORTED_CHAINS_MAX_COUNT = 512
/** Most balances read from one answer. */
const BALANCES_MAX_COUNT = 500

/**
 * The blockchain API client (SPEC §7): balances, identity, supported chains, names, on-ramp,
 * history, smart sessions.
 */
export type BlockchainService = BlockchainApi

/**
 * Creates the blockchain API client over an HTTP client bound to `blockchainApiUrl`. The calls of
 * names, on-ramp, history and smart sessions are each made by their module on their first use, so
 * none of those modules is evaluated while the page loads.
 */
export function createBlockchainService(http: HttpClient): BlockchainApi & NamesApi & OnRampApi {
  return {
    ...lazyCalls(
      () => (require('./names.js') as typeof import('./names.js')).createNamesCalls(http),
      ['lookupName', 'reverseNames', 'nameSuggestions', 'registerName'],
    ),
    ...lazyCalls(
      () => (require('./onramp.js') as typeof import('./onramp.js')).createOnRampCalls(http),
      ['getOnRampOptions', 'getOnRampQuote', 'getOnRampUrl'],
    ),
    ...lazyCalls(
      () => (require('./history.js') as typeof import('./history.js')).createHistoryService(http),
      ['getHistory'],
    ),
    ...lazyCalls(
      () =>
        (require('./sessions.js') as typeof import('./sessions.js')).createSessionsService(http),
      ['getSessions', 'revokeSession'],
    ),
    /** Balances of an address on a network (`/v1/account/{address}/balance`). */
    getBalances(
      address: string,
      caipNetworkId: string,
      forceUpdate?: string,
    ): Promise<TokenBalance[]> {
      return http.json(
        {
          path: `/v1/account/${encodeURIComponent(address)}/balance`,
          params: { currency: 'usd', chainId: caipNetworkId, forceUpdate },
          identify: 'query',
        },
        parseBalances,
      )
    },
    /** Name and avatar of an address (`/v1/identity/{address}`). */
    getIdentity(address: string): Promise<{ name: string | null; avatar: string | null }> {
      return http.json(
        {
          path: `/v1/identity/${encodeURIComponent(address)}`,
          params: { sender: address },
          identify: 'query',
        },
        (value) => {
          const o = record(value, 'identity')
          return {
            name: optionalText(o, 'name', 255),
            avatar: optionalText(o, 'avatar', 256 * 1024),
          }
        },
      )
    },
    /** Networks the API serves (`v1/supported-chains`). */
    getSupportedChains(): Promise<{ http: string[]; ws: string[] }> {
      return http.json({ path: '/v1/supported-chains', identify: 'query' }, (value) => {
        const o = record(value, 'supported chains')
        const strings = (v: unknown) =>
          boundedStrings(list(v, 'chains'), {
            maxCount: SUPPORTED_CHAINS_MAX_COUNT,
            maxLength: 41,
            pattern: /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/,
          })
        return { http: strings(o.http), ws: strings(o.ws ?? []) }
      })
    },
  }
}

/** Parses `{ balances }`, dropping entries with NaN prices, absurd decimals or the wrong shape. */
export function parseBalances(value: unknown): TokenBalance[] {
  const o = record(value, 'response')
  const out: TokenBalance[] = []
  for (const item of list(o.balances, 'balances').slice(0, BALANCES_MAX_COUNT)) {
    try {
      const b = record(item, 'balance')
      const q = record(b.quantity, 'quantity')
      const decimals = text(q, 'decimals', 3)
      const numeric = text(q, 'numeric', 80)
      if (!/^\d{1,2}$/.test(decimals) || Number(decimals) > 36) continue
      if (!/^\d{1,60}(\.\d{1,40})?$/.test(numeric)) continue
      const price = Object.hasOwn(b, 'price') ? finite(b, 'price') : 0
      const valueUsd = Object.hasOwn(b, 'value') ? finite(b, 'value') : 0
      if (price < 0 || valueUsd < 0) continue
      out.push({
        name: text(b, 'name', 200),
        symbol: text(b, 'symbol', 40),
        chainId: text(b, 'chainId', 100),
        address: optionalText(b, 'address', 200) ?? undefined,
        price,
        value: valueUsd,
        quantity: { decimals, numeric },
        iconUrl: optionalText(b, 'iconUrl', 2048) ?? undefined,
      })
    } catch {}
  }
  return out
}
