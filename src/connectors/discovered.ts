import type { ConnectorFlags } from '../core/types/connector.js'
import { isLookalike, nameSkeleton } from '../core/utils/lookalike.js'

/** A wallet the page announced (EIP-6963) or registered (Wallet Standard), read once and checked. */
export type Discovered = Readonly<{
  /** Unique among the wallets of its discovery. */
  key: string
  /** Cleaned and cut: what the visitor reads. */
  name: string
  rdns?: string | undefined
  uuid?: string | undefined
  flags: ConnectorFlags
}>

/** How a discovery lists what it kept (SECURITY.md row 11). */
export type ListingRules<T> = {
  /** What a wallet claims to be, for {@link ListingRules.known}: its rdns, or its name. */
  claim: (wallet: T) => string | undefined
  /** True when the catalogue knows the claim: such a wallet is listed beyond `cap`. */
  known?: ((claim: string) => boolean) | undefined
  /** Most wallets listed whose claim the catalogue does not know. */
  cap: number
  /** Most wallets listed per known claim, so that a flood claiming one wallet stays bounded. */
  perKnown: number
}

/**
 * The wallets to list, in order, and how many are left out. A flood of unknown wallets fills
 * only `cap` places: a wallet whose claim the catalogue knows is listed after it all the same.
 */
export function listDiscovered<T>(
  kept: readonly T[],
  rules: ListingRules<T>,
): { listed: T[]; leftOut: number } {
  const listed: T[] = []
  const perClaim = new Map<string, number>()
  let others = 0
  for (const wallet of kept) {
    const claim = rules.claim(wallet)
    const n = claim === undefined ? 0 : (perClaim.get(claim) ?? 0)
    if (claim !== undefined && n < rules.perKnown && rules.known?.(claim)) {
      perClaim.set(claim, n + 1)
      listed.push(wallet)
    } else if (others < rules.cap) {
      others++
      listed.push(wallet)
    }
  }
  return { listed, leftOut: kept.length - listed.length }
}

const counts = (values: readonly (string | undefined)[]) => {
  const map = new Map<string | undefined, number>()
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1)
  return (v: string | undefined) => v !== undefined && (map.get(v) ?? 0) > 1
}

/**
 * Marks listed wallets (SECURITY.md row 10): every wallet whose name reads like another's (NFKC,
 * case, confusables, invisible letters already removed), that shares an rdns or a uuid, or whose
 * name imitates another's; `hiddenCharacters` set when reading stays. None is dropped. A wallet
 * whose marks did not change since the last call with the same `memo` comes back as the same
 * object, so that what was built from it (its connector) is kept.
 */
export function markDiscovered<T extends Discovered>(
  list: readonly T[],
  memo: WeakMap<T, T> = new WeakMap(),
): T[] {
  const skeletons = list.map((w) => nameSkeleton(w.name))
  const sharedName = counts(skeletons)
  const sharedRdns = counts(list.map((w) => w.rdns))
  const sharedUuid = counts(list.map((w) => w.uuid))
  // Names by skeleton: a look-alike shares its skeleton, so each name is checked against those
  // only, not against every other (a flood's names cost a pass, not a pass each).
  const bySkeleton = new Map<string, string[]>()
  list.forEach((w, i) => {
    const key = skeletons[i] as string
    const names = bySkeleton.get(key) ?? []
    names.push(w.name)
    bySkeleton.set(key, names)
  })
  return list.map((w, i) => {
    // Only the marks a wallet carries: a wallet without any has `{}`.
    const flags: ConnectorFlags = {
      ...(sharedName(skeletons[i]) && { duplicateName: true }),
      ...(sharedRdns(w.rdns) && { duplicateRdns: true }),
      ...(sharedUuid(w.uuid) && { uuidCollision: true }),
      ...(isLookalike(w.name, bySkeleton.get(skeletons[i] as string) ?? []) && {
        lookalike: true,
      }),
      ...(w.flags.hiddenCharacters && { hiddenCharacters: true }),
    }
    const before = memo.get(w)
    const keys = Object.keys(flags) as (keyof ConnectorFlags)[]
    if (
      before &&
      keys.length === Object.keys(before.flags).length &&
      keys.every((k) => before.flags[k] === flags[k])
    )
      return before
    const marked = Object.freeze({ ...w, flags })
    memo.set(w, marked)
    return marked
  })
}
