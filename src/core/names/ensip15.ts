import { type EnsNameProblem, InvalidEnsNameError } from '../errors/names.js'
import {
  type EmojiNode,
  type EnsGroup,
  type Ensip15Tables,
  groupHas,
  inRanges,
} from './ensip15-tables.js'

const FE0F = 0xfe0f
const UNDERSCORE = 0x5f
const HYPHEN = 0x2d

/** The alphabet whose names need no tables: ENSIP-15 only lower-cases it. */
const SIMPLE = /^[a-z0-9.-]*$/i

const fail = (problem: EnsNameProblem, subject?: string): never => {
  throw new InvalidEnsNameError(subject === undefined ? { problem } : { problem, subject })
}

/** A character as a visitor is shown it, with its code (it may be invisible): `“é” U+00E9`. */
const shown = (cp: number) =>
  `“${String.fromCodePoint(cp)}” U+${cp.toString(16).toUpperCase().padStart(4, '0')}`

/** Labels of a name in the simple alphabet must be non-empty, without `--` as 3rd and 4th. */
function checkSimpleLabel(label: string): void {
  if (!label) fail('empty-label')
  if (label[2] === '-' && label[3] === '-') fail('hyphens', label.slice(0, 4))
}

/**
 * ENSIP-15 normalisation of a name written only with ASCII letters, digits, hyphens and dots:
 * capitals fold to lowercase, and each label must be non-empty and not have hyphens as its 3rd and
 * 4th characters. Exactly what the full algorithm gives for this alphabet, without its tables.
 *
 * @returns the normalised name, or undefined when the name is outside this alphabet.
 * @throws InvalidEnsNameError when ENSIP-15 refuses the name.
 */
export function normalizeSimpleName(name: string): string | undefined {
  if (!SIMPLE.test(name)) return undefined
  const lower = name.toLowerCase()
  if (lower) lower.split('.').forEach(checkSimpleLabel)
  return lower
}

/** The longest emoji sequence starting at `i` (FE0F optional in the input), and where it ends. */
function emojiAt(cps: readonly number[], i: number, root: EmojiNode) {
  let node: EmojiNode | undefined = root
  let found: { emoji: readonly number[]; end: number } | undefined
  for (let j = i; j < cps.length; j++) {
    node = node.next.get(cps[j] as number)
    if (!node) break
    if (node.emoji) found = { emoji: node.emoji, end: j + 1 }
  }
  return found
}

type Token = { emoji: boolean; cps: number[] }

/** Text and emoji tokens of a label; text is mapped, stripped of ignored characters and NFC. */
function tokenize(label: string, t: Ensip15Tables): Token[] {
  const cps = Array.from(label, (c) => c.codePointAt(0) as number)
  const tokens: Token[] = []
  let text: number[] = []
  const flush = () => {
    if (text.length)
      tokens.push({
        emoji: false,
        cps: Array.from(
          String.fromCodePoint(...text).normalize('NFC'),
          (c) => c.codePointAt(0) as number,
        ),
      })
    text = []
  }
  for (let i = 0; i < cps.length; ) {
    const match = emojiAt(cps, i, t.emoji)
    if (match) {
      flush()
      tokens.push({ emoji: true, cps: match.emoji.filter((cp) => cp !== FE0F) })
      i = match.end
      continue
    }
    const cp = cps[i++] as number
    const mapped = t.mapped.get(cp)
    if (inRanges(t.valid, cp)) text.push(cp)
    else if (mapped) text.push(...mapped)
    else if (!inRanges(t.ignored, cp)) fail('disallowed', shown(cp))
  }
  flush()
  return tokens
}

/** The first group that has every character (ENSIP-15 "Validate"). */
function groupOf(chars: readonly number[], t: Ensip15Tables): EnsGroup {
  let groups = t.groups
  for (const cp of new Set(chars)) {
    const having = groups.filter((g) => groupHas(g, cp))
    if (!having.length) {
      if (!t.groups.some((g) => groupHas(g, cp))) fail('disallowed', shown(cp))
      mixed(groups[0] as EnsGroup, cp, t)
    }
    groups = having
    if (groups.length === 1) break
  }
  const group = groups[0] as EnsGroup
  for (const cp of chars) if (!groupHas(group, cp)) mixed(group, cp, t)
  return group
}

/** Refuses a character of another script than the label's: names both scripts. */
function mixed(group: EnsGroup, cp: number, t: Ensip15Tables): never {
  const other = t.groups.find((g) => inRanges(g.primary, cp))
  return fail(
    'mixed-scripts',
    other ? `${group.name} + ${other.name}` : `${group.name} + ${shown(cp)}`,
  )
}

/** Runs of non-spacing marks, after decomposition: unique, and at most `nsmMax` long. */
function checkMarks(chars: readonly number[], t: Ensip15Tables): void {
  const cps = Array.from(
    String.fromCodePoint(...chars).normalize('NFD'),
    (c) => c.codePointAt(0) as number,
  )
  for (let i = 1; i < cps.length; i++) {
    if (!inRanges(t.nsm, cps[i] as number)) continue
    let j = i
    while (j < cps.length && inRanges(t.nsm, cps[j] as number)) {
      if (cps.slice(i, j).includes(cps[j] as number)) fail('marks', shown(cps[j] as number))
      j++
    }
    if (j - i > t.nsmMax) fail('marks', shown(cps[i - 1] as number))
    i = j
  }
}

/**
 * Whole-script confusables (ENSIP-15 "Wholes"): the label is refused when every one of its
 * characters has a look-alike in one same other group, so the whole label could be written there.
 */
function checkWhole(group: EnsGroup, chars: readonly number[], t: Ensip15Tables): void {
  let others: readonly EnsGroup[] | undefined
  const shared: number[] = []
  for (const cp of new Set(chars)) {
    const confused = t.confused.get(cp)
    if (confused) {
      others = others ? others.filter((g) => confused.includes(g)) : confused
      if (!others.length) return
    } else if (t.groups.filter((g) => groupHas(g, cp)).length === 1) return
    else shared.push(cp)
  }
  const look = others?.find((g) => shared.every((cp) => groupHas(g, cp)))
  if (look) fail('confusable', `${group.name} / ${look.name}`)
}

/** Fenced characters (apostrophe, fraction slash, …): not first, not last, never two in a row. */
function checkFenced(cps: readonly number[], t: Ensip15Tables): void {
  const fenced = (i: number) => t.fenced.has(cps[i] as number)
  if (fenced(0)) fail('fenced', shown(cps[0] as number))
  for (let i = 1; i < cps.length; i++)
    if (fenced(i) && (fenced(i - 1) || i === cps.length - 1))
      fail('fenced', shown(cps[i] as number))
}

function normalizeLabel(label: string, t: Ensip15Tables): string {
  const tokens = tokenize(label, t)
  if (!tokens.length) fail('empty-label')
  const cps = tokens.flatMap((token) => token.cps)
  const underscore = cps.lastIndexOf(UNDERSCORE)
  if (underscore > 0 && cps.slice(0, underscore).some((cp) => cp !== UNDERSCORE)) fail('underscore')
  const out = String.fromCodePoint(...cps)
  const onlyText = tokens.length === 1 && !tokens[0]?.emoji
  if (onlyText && cps.every((cp) => cp < 0x80)) {
    if (cps[2] === HYPHEN && cps[3] === HYPHEN) fail('hyphens', out.slice(0, 4))
    return out
  }
  const chars = tokens.flatMap((token) => (token.emoji ? [] : token.cps))
  if (!chars.length) return out
  tokens.forEach((token) => {
    if (!token.emoji && inRanges(t.cm, token.cps[0] as number))
      fail('combining-mark', shown(token.cps[0] as number))
  })
  checkFenced(cps, t)
  const group = groupOf(chars, t)
  if (group.checksMarks) checkMarks(chars, t)
  checkWhole(group, chars, t)
  return out
}

/**
 * Normalises an ENS name as ENSIP-15 does: each label is split into emoji and text, text is mapped
 * (capitals folded, look-alike forms replaced), stripped of ignored characters and put in NFC, and
 * the label is checked (one script group, no whole-script look-alike, marks, fenced characters,
 * hyphens, underscores). NFC is the browser's own `String.prototype.normalize`.
 *
 * @param name - The name as typed (trimmed).
 * @param t - The tables of the ENSIP-15 pack.
 * @returns The normalised name, the one to look up and to show.
 * @throws InvalidEnsNameError naming the rule the name breaks.
 * @example
 * normalizeEnsName('Ⓜ️ÜNCHEN.eth', tables) // 'münchen.eth'
 */
export function normalizeEnsName(name: string, t: Ensip15Tables): string {
  return name
    ? name
        .split('.')
        .map((label) => normalizeLabel(label, t))
        .join('.')
    : ''
}
