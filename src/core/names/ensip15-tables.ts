import { list, record, text } from '../utils/parse.js'

/** The pack format this bundle reads (scripts/ensip15-pack.mjs writes it). */
const FORMAT = 1
const FE0F = 0xfe0f

/** Code points as sorted `[start, end)` pairs, flat: `[s0, e0, s1, e1, …]`. */
export type CodePointRanges = readonly number[]

/** True when `cp` is in `ranges` (binary search). */
export function inRanges(ranges: CodePointRanges, cp: number): boolean {
  let lo = 0
  let hi = ranges.length >> 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((ranges[mid * 2] as number) <= cp) lo = mid + 1
    else hi = mid
  }
  return lo > 0 && cp < (ranges[lo * 2 - 1] as number)
}

/** A script group of ENSIP-15: the characters a label of that group may use. */
export type EnsGroup = {
  /** ASCII name (an abbreviation for a restricted group), e.g. `Latin`, `Egyp`. */
  name: string
  /** An excluded or limited-use script. */
  restricted: boolean
  /** Not CM-whitelisted: runs of non-spacing marks are checked. */
  checksMarks: boolean
  /** Characters that define the group. */
  primary: CodePointRanges
  /** Characters it shares with others (digits, common signs). */
  secondary: CodePointRanges
}

/** A node of the emoji trie: its children, and the sequence that ends here, fully qualified. */
export type EmojiNode = { next: Map<number, EmojiNode>; emoji?: readonly number[] }

/** ENSIP-15's tables, decoded from the pack. */
export type Ensip15Tables = {
  /** Valid characters: every group's, and the parts of their decompositions. */
  valid: CodePointRanges
  ignored: CodePointRanges
  mapped: ReadonlyMap<number, readonly number[]>
  /** Combining marks, and their non-spacing subset. */
  cm: CodePointRanges
  nsm: CodePointRanges
  /** Most non-spacing marks in a row. */
  nsmMax: number
  /** Characters that cannot start or end a label, or follow one another. */
  fenced: ReadonlySet<number>
  /** Characters shown by their code point, never as themselves. */
  escape: CodePointRanges
  /** In priority order: a label belongs to the first group that has all its characters. */
  groups: readonly EnsGroup[]
  /** A confused character's look-alikes' groups, outside its own extent. */
  confused: ReadonlyMap<number, readonly EnsGroup[]>
  emoji: EmojiNode
}

/** True when `group` has `cp`. */
export const groupHas = (group: EnsGroup, cp: number) =>
  inRanges(group.primary, cp) || inRanges(group.secondary, cp)

/** Integers (at least `min`). */
function numbers(value: unknown, what: string, min = 0): number[] {
  const items = list(value, what)
  for (const n of items) if (!Number.isSafeInteger(n) || (n as number) < min) throw new Error(what)
  return items as number[]
}

/** Delta-coded ranges (`[start, length, gap, length, …]`) to flat `[start, end)` pairs. */
function ranges(value: unknown, what: string): number[] {
  const deltas = numbers(value, what)
  if (deltas.length % 2) throw new Error(what)
  const out: number[] = []
  let end = 0
  for (let i = 0; i < deltas.length; i += 2) {
    const start = end + (deltas[i] as number)
    end = start + (deltas[i + 1] as number)
    out.push(start, end)
  }
  return out
}

/** Flat ranges back to a sorted union with others (overlaps merged). */
function union(sets: readonly CodePointRanges[]): number[] {
  const pairs: [number, number][] = []
  for (const set of sets)
    for (let i = 0; i < set.length; i += 2) pairs.push([set[i] as number, set[i + 1] as number])
  pairs.sort((a, b) => a[0] - b[0])
  const out: number[] = []
  for (const [start, end] of pairs) {
    const last = out.length - 1
    if (last > 0 && start <= (out[last] as number)) out[last] = Math.max(out[last] as number, end)
    else out.push(start, end)
  }
  return out
}

const codePoints = (s: string) => Array.from(s, (c) => c.codePointAt(0) as number)

function decodeMapped(value: unknown): Map<number, number[]> {
  const o = record(value, 'mapped')
  const mapped = new Map<number, number[]>()
  // The offset of a run is negative where the mapping goes to a lower code point.
  const runs = numbers(o.runs, 'mapped runs', -0x10ffff)
  let cp = 0
  for (let i = 0; i + 3 < runs.length; i += 4) {
    cp += runs[i] as number
    const [count, step, offset] = [runs[i + 1], runs[i + 2], runs[i + 3]] as number[]
    for (let k = 0; k < (count as number); k++) {
      const from = cp + k * (step as number)
      mapped.set(from, [from + (offset as number)])
    }
  }
  const other = list(o.other, 'mapped other')
  cp = 0
  for (let i = 0; i + 1 < other.length; i += 2) {
    cp += numbers([other[i]], 'mapped cp')[0] as number
    mapped.set(cp, codePoints(text({ t: other[i + 1] }, 't')))
  }
  return mapped
}

/** The trie of emoji sequences, where each FE0F of a sequence may be left out of the input. */
function emojiTrie(value: unknown): EmojiNode {
  const root: EmojiNode = { next: new Map() }
  for (const item of list(value, 'emoji')) {
    const emoji = codePoints(text({ e: item }, 'e'))
    let nodes = [root]
    for (const cp of emoji) {
      const children = nodes.map((node) => {
        const child = node.next.get(cp) ?? { next: new Map() }
        node.next.set(cp, child)
        return child
      })
      nodes = cp === FE0F ? [...nodes, ...children] : children
    }
    for (const node of nodes) node.emoji = emoji
  }
  return root
}

/**
 * Reads the ENSIP-15 pack (its bytes were already checked against the sha384 in the bundle; the
 * shape is checked here anyway, so a wrong file fails here and not in the middle of a name).
 * @throws Error when the pack is not one this bundle can read.
 */
export function decodeEnsip15Pack(value: unknown): Ensip15Tables {
  const o = record(value, 'pack')
  if (o.format !== FORMAT) throw new Error('ENSIP-15 pack format')
  const groups = list(o.groups, 'groups').map((item): EnsGroup => {
    const [name, flags, primary, secondary] = list(item, 'group')
    const bits = numbers([flags], 'group flags')[0] as number
    return {
      name: text({ name }, 'name', 40),
      restricted: (bits & 1) !== 0,
      checksMarks: (bits & 2) === 0,
      primary: ranges(primary, 'primary'),
      secondary: ranges(secondary, 'secondary'),
    }
  })
  const confused = new Map<number, EnsGroup[]>()
  for (const item of list(o.confused, 'confused')) {
    const [indexes, cps] = list(item, 'confusable')
    const others = numbers(indexes, 'groups').map((i) => {
      const group = groups[i]
      if (!group) throw new Error('confusable group')
      return group
    })
    const set = ranges(cps, 'confused')
    for (let i = 0; i < set.length; i += 2)
      for (let cp = set[i] as number; cp < (set[i + 1] as number); cp++) confused.set(cp, others)
  }
  return {
    valid: union([ranges(o.valid, 'valid'), ...groups.flatMap((g) => [g.primary, g.secondary])]),
    ignored: ranges(o.ignored, 'ignored'),
    mapped: decodeMapped(o.mapped),
    cm: ranges(o.cm, 'cm'),
    nsm: ranges(o.nsm, 'nsm'),
    nsmMax: numbers([o.nsmMax], 'nsmMax')[0] as number,
    fenced: new Set(numbers(o.fenced, 'fenced')),
    escape: ranges(o.escape, 'escape'),
    groups,
    confused,
    emoji: emojiTrie(o.emoji),
  }
}
