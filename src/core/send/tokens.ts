import type { AccountState } from '../chain-state.js'
import type { CaipNetwork } from '../types/caip.js'
import { toUnits } from '../utils/units.js'

/** A token the visitor may send: the native coin (`id: 'native'`) or a token with a balance. */
export type SendToken = Readonly<{
  /** `native`, or the token's contract (eip155) / mint (solana) address. */
  id: string
  symbol: string
  name: string
  decimals: number
  /** The balance the account shows, in whole units. */
  balance: string
  /** USD per whole unit; 0 when unknown. */
  price: number
  iconUrl: string | undefined
}>

/** Why the amount cannot be sent. */
export type AmountIssue = 'invalid' | 'insufficient-balance' | 'insufficient-fee'

/**
 * The tokens of the account on its network, from its balances: the native coin first (from the
 * network's own RPC when the blockchain API had none), then the tokens it holds.
 */
export function tokensOf(
  account: AccountState | undefined,
  network: CaipNetwork | undefined,
): SendToken[] {
  if (!account?.address || !network) return []
  const entries = account.tokenBalance.filter((t) => t.chainId === network.caipNetworkId)
  const native = entries.find((t) => !t.address)
  const list: SendToken[] = []
  if (native || account.balance !== undefined)
    list.push({
      id: 'native',
      symbol: native?.symbol ?? account.balanceSymbol ?? network.nativeCurrency.symbol,
      name: native?.name ?? network.nativeCurrency.name,
      decimals: native ? Number(native.quantity.decimals) : network.nativeCurrency.decimals,
      balance: native?.quantity.numeric ?? account.balance ?? '0',
      price: native?.price ?? 0,
      iconUrl: native?.iconUrl,
    })
  for (const t of entries)
    if (t.address && /[1-9]/.test(t.quantity.numeric))
      list.push({
        id: t.address.slice(t.address.lastIndexOf(':') + 1),
        symbol: t.symbol,
        name: t.name,
        decimals: Number(t.quantity.decimals),
        balance: t.quantity.numeric,
        price: t.price,
        iconUrl: t.iconUrl,
      })
  return list
}

/**
 * Why an amount cannot be sent, if it cannot: not a valid amount of the token, more than its
 * balance, or not enough of the native coin left for the fee (unless the fee is paid for the
 * account, or not estimated yet). Nothing typed is no issue.
 */
export function amountIssueOf(p: {
  token: SendToken | undefined
  amount: string
  units: bigint | undefined
  native: SendToken | undefined
  /** The most the fee can cost, in the native coin's base units. */
  fee: bigint | undefined
  /** The amount is Max: for the native coin, the fee is already left out. */
  maxed: boolean
  /** A smart account's fee is paid for it. */
  feeFree: boolean
}): AmountIssue | undefined {
  const { token, units, native, fee } = p
  if (!token || p.amount === '') return undefined
  if (units === undefined) return 'invalid'
  if (units > (toUnits(token.balance, token.decimals) ?? 0n)) return 'insufficient-balance'
  if (fee === undefined || !native || p.feeFree) return undefined
  const coins = toUnits(native.balance, native.decimals) ?? 0n
  const spent = token.id === 'native' && !p.maxed ? units : 0n
  return spent + fee > coins ? 'insufficient-fee' : undefined
}
