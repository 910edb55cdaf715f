/**
 * Letters of other scripts (and Latin's small capitals and dotless letters) that a reader takes
 * for a Latin letter, as their Latin look-alike: the part of Unicode's confusables list (UTS #39)
 * a wallet name can hide behind. Full-width and mathematical letters need no entry: NFKC folds them.
 */
const CONFUSABLES: Record<string, string> = Object.fromEntries(
  [
    // Cyrillic
    'аa вb гr дd еe ёe зz иu йu кk лn мm нh оo пn рp сc тt уy фf хx чy шw щw ъb ьb ыbl эe юio',
    'ѕs іi їi јj ԁd ԛq ԝw һh ӏl ҝk ҡk ғf ґr ѵv ѡw үy ұy ԍg ӧo ӱy',
    // Greek
    'αa βb γy δd εe ζz ηn θo ιi κk λa μu νv ξe οo πn ρp ςc σo τt υu φf χx ψw ωw ϲc ϳj ϵe ϸp',
    // Armenian
    'օo սu հh ոn զq ցg ւl ըr',
    // Latin look-alikes of Latin
    'ıi ȷj ɑa ɡg ɩi ɪi ʟl ʀr ʏy ᴀa ʙb ᴄc ᴅd ᴇe ɢg ʜh ᴊj ᴋk ᴍm ɴn ᴏo ᴘp ꜱs ᴛt ᴜu ᴠv ᴡw ᴢz',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair[0] as string, pair.slice(1)]),
)

/**
 * The skeleton of a name: what a reader sees, so that two names with the same skeleton look alike.
 * NFKC, lower case, accents dropped, confusable letters as their Latin look-alikes, `rn` as `m`,
 * `vv` as `w`, `0` as `o`, `1`, `i` and `|` as `l`, and nothing but letters and digits.
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
  let out = ''
  for (const c of folded) out += CONFUSABLES[c] ?? c
  return out
    .replace(/[^\p{L}\p{N}|]/gu, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/[1i|]/g, 'l')
}

const LATIN = /\p{Script=Latin}/u
const OTHER = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u

/**
 * True when one word of the name mixes Latin letters with letters of a script whose letters pass
 * for Latin ones (Cyrillic, Greek, Armenian, Cherokee): "MetaMаsk" with a Cyrillic "а". No honest
 * name does that; a name wholly in one script is not flagged.
 */
export function hasMixedScriptWord(name: string): boolean {
  return name
    .normalize('NFKC')
    .split(/\s+/)
    .some((word) => LATIN.test(word) && OTHER.test(word))
}

/** The name as typed, lower case, letters and digits only (no folding). */
const plain = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}|]/gu, '')

/** How much a name leans on look-alikes: letters outside ASCII and `rn`, `vv`, `0`, `1`, `|`. */
const disguise = (name: string) => (plain(name).match(/[^ -~]|rn|vv|[01|]/g) ?? []).length

/**
 * True when `name` imitates one of `known`: a word mixing scripts, or the same skeleton as a
 * known name written with other letters, where `name` is the one leaning more on look-alikes (both
 * when they lean as much). The name being imitated is not marked.
 */
export function isLookalike(name: string, known: Iterable<string>): boolean {
  if (hasMixedScriptWord(name)) return true
  const skeleton = nameSkeleton(name)
  const mine = plain(name)
  for (const other of known)
    if (
      nameSkeleton(other) === skeleton &&
      plain(other) !== mine &&
      disguise(name) >= disguise(other)
    )
      return true
  return false
}
