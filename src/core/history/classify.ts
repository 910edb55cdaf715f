import { isCanonical, type TokenBook } from './tokens.js'
import type { HistoryItem } from './types.js'

/** What an item did, from the account's side: the label of its row. */
export type HistoryDirection =
  | 'sent'
  | 'received'
  | 'swapped'
  | 'approved'
  | 'minted'
  | 'burned'
  | 'deployed'
  | 'executed'

const BY_OPERATION: Readonly<Record<string, HistoryDirection>> = {
  send: 'sent',
  receive: 'received',
  trade: 'swapped',
  approve: 'approved',
  mint: 'minted',
  burn: 'burned',
  deploy: 'deployed',
}

/**
 * The direction of an item: from the service's operation type when it is one the kit names, else
 * from its transfers (out only: sent, in only: received, both: swapped).
 */
export function directionOf(item: HistoryItem): HistoryDirection {
  const known = Object.hasOwn(BY_OPERATION, item.operationType)
    ? BY_OPERATION[item.operationType]
    : undefined
  if (known) return known
  const out = item.transfers.some((t) => t.direction === 'out')
  const into = item.transfers.some((t) => t.direction === 'in')
  return out && into ? 'swapped' : out ? 'sent' : into ? 'received' : 'executed'
}

/**
 * Spam: every transfer is flagged. An item without transfers (an approval, a contract call) is
 * never spam (SECURITY.md row 25).
 */
export function isSpam(item: HistoryItem): boolean {
  return item.transfers.length > 0 && item.transfers.every((t) => t.spam)
}

/**
 * Why an item looks like poisoning, or null: a zero-value transfer, a look-alike of an address the
 * account sent to or of the account itself, a token imitating a well-known one.
 */
export type PoisoningReason = 'zero-value' | 'look-alike' | 'own-look-alike' | 'counterfeit'

const same = (a: string | undefined, b: string) =>
  a !== undefined && a.toLowerCase() === b.toLowerCase()

/** A hex address without its 0x, lower case; any other address (base58) as it is. */
function body(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.slice(2).toLowerCase() : address
}

/**
 * True when `a` is not `b` but shares its first and last 4 characters (after `0x`, ignoring
 * case, for hex addresses): what a poisoner grinds for, so that a shortened address matches.
 */
export function looksAlike(a: string, b: string): boolean {
  const x = body(a)
  const y = body(b)
  if (x === y || x.length < 8 || y.length < 8) return false
  return x.slice(0, 4) === y.slice(0, 4) && x.slice(-4) === y.slice(-4)
}

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount)

/** The other parties of an item: the transfers' senders and recipients, then sender and target. */
function partiesOf(item: HistoryItem, account: string): string[] {
  const parties = new Set<string>()
  for (const t of item.transfers) {
    if (t.sender && !same(t.sender, account)) parties.add(t.sender)
    if (t.recipient && !same(t.recipient, account)) parties.add(t.recipient)
  }
  if (!same(item.sentFrom, account)) parties.add(item.sentFrom)
  if (!same(item.sentTo, account)) parties.add(item.sentTo)
  return [...parties]
}

/**
 * The addresses `account` really sent to, plus what the kit itself sent (`extra`, e.g. pending
 * transactions): recipients of its non-zero, non-spam transfers
 * - in transactions it signed itself (a poisoner can make a transfer appear in the history, never
 *   sign one as the account), or
 * - of the native currency or a well-known token's real contract (`book`) whoever executed them,
 *   so a smart account (a Safe, an ERC-4337 account, the login wallet), whose transactions a
 *   bundler or an owner sends, knows its own. Such a contract emits a transfer from the account
 *   only when the account moved the tokens; any other contract can emit one it never made.
 */
export function knownCounterparties(
  items: readonly HistoryItem[],
  account: string,
  extra: readonly string[] = [],
  book: TokenBook = new Map(),
): Set<string> {
  const known = new Set(extra.map((a) => a.toLowerCase()))
  for (const item of items) {
    if (item.status === 'failed') continue
    const signed = same(item.sentFrom, account)
    for (const t of item.transfers)
      if (
        t.direction === 'out' &&
        t.recipient &&
        !isZero(t.amount) &&
        !t.spam &&
        (signed || (same(t.sender, account) && isCanonical(book, t.symbol, t.contract)))
      )
        known.add(t.recipient.toLowerCase())
  }
  return known
}

/**
 * Poisoning (SECURITY.md row 25): a token showing a well-known symbol from another contract than
 * the real one (`book`), a zero-value transfer, a party that looks like (first and last 4
 * characters) the account itself, or one that looks like an address the account really sent to
 * while not being it. `known` comes from {@link knownCounterparties}.
 */
export function poisoningOf(
  item: HistoryItem,
  account: string,
  known: ReadonlySet<string>,
  book: TokenBook = new Map(),
): PoisoningReason | null {
  if (item.transfers.some((t) => isCanonical(book, t.symbol, t.contract) === false))
    return 'counterfeit'
  if (item.transfers.some((t) => isZero(t.amount))) return 'zero-value'
  const parties = partiesOf(item, account)
  if (parties.some((party) => looksAlike(party, account))) return 'own-look-alike'
  for (const party of parties) {
    if (known.has(party.toLowerCase())) continue
    for (const real of known) if (looksAlike(party, real)) return 'look-alike'
  }
  return null
}

/**
 * The counterparty a row names: the other side of its first transfer, else the address the
 * account sent to or received from. Always the full address (copy takes it whole).
 */
export function counterpartyOf(item: HistoryItem, account: string): string {
  const first = item.transfers.find((t) => t.direction !== 'self')
  if (first?.direction === 'out' && first.recipient) return first.recipient
  if (first?.direction === 'in' && first.sender) return first.sender
  return same(item.sentFrom, account) ? item.sentTo : item.sentFrom
}
