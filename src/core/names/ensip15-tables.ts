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
  /** ASCII name (an abbreviation for a restricted script), e.g. `Latin`, `Egyp`. */
  name: string
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
  /** In priority order: a label belongs to the first group that has all its characters. */
  groups: readonly EnsGroup[]
  /** A confused character's look-alikes' groups, outside its own extent. */
  confused: ReadonlyMap<number, readonly EnsGroup[]>
  emoji: EmojiNode
}

/** True when `group` has `cp`. */
export const groupHas = (group: EnsGroup, cp: number) =>
  inRanges(group.primary, cp) || inRanges(group.secondary, cp)

/** Delta-coded ranges (`[start, length, gap, length, …]`) to flat `[start, end)` pairs. */
function ranges(deltas: readonly number[]): number[] {
  const out: number[] = []
  let end = 0
  for (let i = 0; i < deltas.length; i += 2) {
    const start = end + (deltas[i] as number)
    end = start + (deltas[i + 1] as number)
    out.push(start, end)
  }
  return out
}

const codePoints = (s: string) => Array.from(s, (c) => c.codePointAt(0) as number)

type Pack = {
  format: number
  valid: number[]
  ignored: number[]
  mapped: { runs: number[]; other: (number | string)[] }
  cm: number[]
  nsm: number[]
  nsmMax: number
  fenced: number[]
  groups: [string, number, number[], number[]][]
  confused: [number[], number[]][]
  emoji: string[]
}

/**
 * Reads the ENSIP-15 pack. Its bytes were checked against the sha384 built into the bundle, so
 * only its format is checked here; a file of another shape fails to decode.
 * @throws Error when the pack is not one this bundle reads.
 */
export function decodeEnsip15Pack(value: unknown): Ensip15Tables {
  const pack = value as Pack
  if (pack?.format !== FORMAT) throw new Error('ENSIP-15 pack format')
  const mapped = new Map<number, number[]>()
  const { runs, other } = pack.mapped
  // Runs of single characters mapped to `cp + offset`, then the rest, keyed by code point delta.
  for (let i = 0, cp = 0; i < runs.length; i += 4) {
    cp += runs[i] as number
    for (let k = 0; k < (runs[i + 1] as number); k++) {
      const from = cp + k * (runs[i + 2] as number)
      mapped.set(from, [from + (runs[i + 3] as number)])
    }
  }
  for (let i = 0, cp = 0; i < other.length; i += 2) {
    cp += other[i] as number
    mapped.set(cp, codePoints(other[i + 1] as string))
  }
  const groups = pack.groups.map(
    ([name, marks, primary, secondary]): EnsGroup => ({
      name,
      checksMarks: marks === 1,
      primary: ranges(primary),
      secondary: ranges(secondary),
    }),
  )
  const confused = new Map<number, EnsGroup[]>()
  for (const [indexes, deltas] of pack.confused) {
    const others = indexes.map((i) => groups[i] as EnsGroup)
    const set = ranges(deltas)
    for (let i = 0; i < set.length; i += 2)
      for (let cp = set[i] as number; cp < (set[i + 1] as number); cp++) confused.set(cp, others)
  }
  // Each FE0F of a sequence may be left out of the input: both paths lead to the sequence.
  const emoji: EmojiNode = { next: new Map() }
  for (const sequence of pack.emoji) {
    const cps = codePoints(sequence)
    let nodes = [emoji]
    for (const cp of cps) {
      const children = nodes.map((node) => {
        const child = node.next.get(cp) ?? { next: new Map() }
        node.next.set(cp, child)
        return child
      })
      nodes = cp === FE0F ? [...nodes, ...children] : children
    }
    for (const node of nodes) node.emoji = cps
  }
  return {
    valid: ranges(pack.valid),
    ignored: ranges(pack.ignored),
    mapped,
    cm: ranges(pack.cm),
    nsm: ranges(pack.nsm),
    nsmMax: pack.nsmMax,
    fenced: new Set(pack.fenced),
    groups,
    confused,
    emoji,
  }
}
