import { tokenIconUrl } from '../blockchain-api/fixtures.js'
import { type IndexedItem, isoSeconds, sortKey } from '../blockchain-api/history/types.js'
import type { BalanceItem, NamespaceHandler } from '../blockchain-api/namespaces.js'
import type { SolanaChain } from './chain.js'

/** USD per SOL the stand-in quotes (there is no pool to read a price from). */
export const SOL_PRICE_USD = 150

/** The mint address price services use for native SOL (wrapped SOL). */
export const NATIVE_SOL_MINT = 'So11111111111111111111111111111111111111112'

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Lamports as whole SOL in decimal, e.g. 1500000000n → '1.5'. */
export function lamportsToSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** The history items of `owner`: every executed transaction it paid for or that moved its SOL. */
function solanaHistory(chain: SolanaChain, owner: string): IndexedItem[] {
  const items: IndexedItem[] = []
  chain.records.forEach((record, position) => {
    const moves = record.transfers.filter((t) => t.from === owner || t.to === owner)
    if (record.feePayer !== owner && moves.length === 0) return
    const outs = moves.some((t) => t.from === owner && t.to !== owner)
    const ins = moves.some((t) => t.to === owner && t.from !== owner)
    const first = moves[0]
    items.push({
      key: sortKey(record.blockTime, chain.caipNetworkId, record.slot, position),
      item: {
        id: `${chain.caipNetworkId}:${record.signature}`,
        metadata: {
          operationType:
            outs && ins
              ? 'trade'
              : outs
                ? 'send'
                : ins
                  ? 'receive'
                  : moves.length
                    ? 'send'
                    : 'execute',
          hash: record.signature,
          chain: chain.caipNetworkId,
          minedAt: isoSeconds(record.blockTime),
          sentFrom: record.feePayer,
          sentTo: first ? (first.from === owner ? first.to : first.from) : record.feePayer,
          status: record.err === null ? 'confirmed' : 'failed',
          nonce: 0,
        },
        transfers: moves.map((t) => {
          const numeric = lamportsToSol(t.lamports)
          return {
            fungible_info: {
              name: 'Solana',
              symbol: 'SOL',
              icon: { url: tokenIconUrl('SOL') },
              implementations: [{ chain_id: chain.caipNetworkId, address: null, decimals: 9 }],
            },
            direction:
              t.from === owner && t.to === owner ? 'self' : t.from === owner ? 'out' : 'in',
            quantity: { numeric },
            price: SOL_PRICE_USD,
            value: Number(numeric) * SOL_PRICE_USD,
            sender: t.from,
            recipient: t.to,
          }
        }),
      },
    })
  })
  return items
}

/**
 * The blockchain API's solana namespace: `/balance?chainId=solana:localnet` answers the native SOL
 * balance read live from the SVM, fungible prices know SOL, and history lists the SOL transfers
 * the SVM executed (times from the chain's clock).
 */
export function createSolanaNamespace(chain: SolanaChain): NamespaceHandler {
  const ids = [chain.caipNetworkId]
  return {
    namespace: 'solana',
    supportedChains: () => ({ http: [...ids], ws: [] }),
    isAccount: (address) => BASE58_ADDRESS.test(address),
    async balances(address, chainId): Promise<BalanceItem[]> {
      if (!ids.includes(chainId)) return []
      const lamports = chain.balance(address)
      if (lamports === 0n) return []
      const numeric = lamportsToSol(lamports)
      return [
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId,
          value: Number(numeric) * SOL_PRICE_USD,
          price: SOL_PRICE_USD,
          quantity: { decimals: '9', numeric },
          iconUrl: tokenIconUrl('SOL'),
        },
      ]
    },
    async history(address, chainId) {
      return ids.includes(chainId) ? solanaHistory(chain, address) : []
    },
    async fungibles(assets) {
      return assets.map((asset) => {
        const [namespace, reference, mint] = asset.split(':')
        if (namespace !== 'solana' || !ids.includes(`solana:${reference}`)) return null
        if (mint !== NATIVE_SOL_MINT) return null
        return { name: 'Solana', symbol: 'SOL', iconUrl: tokenIconUrl('SOL'), price: SOL_PRICE_USD }
      })
    },
  }
}
