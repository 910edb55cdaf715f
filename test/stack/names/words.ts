/** A small word list the suggestions draw from (the public service uses a dictionary). */
const WORDS = [
  'alpha',
  'amber',
  'anchor',
  'apex',
  'arrow',
  'aurora',
  'beacon',
  'blaze',
  'bloom',
  'bright',
  'cedar',
  'comet',
  'coral',
  'crest',
  'dawn',
  'delta',
  'ember',
  'falcon',
  'fern',
  'flint',
  'galaxy',
  'harbor',
  'haven',
  'indigo',
  'jade',
  'lumen',
  'maple',
  'meadow',
  'nova',
  'onyx',
  'orbit',
  'pixel',
  'prism',
  'quartz',
  'raven',
  'river',
  'sable',
  'solar',
  'spark',
  'summit',
  'sunny',
  'sunrise',
  'sunset',
  'tide',
  'vertex',
  'willow',
  'zenith',
] as const

/** Endings joined to a label when few dictionary words start with it. */
const ENDINGS = ['hq', 'labs', 'onchain', 'wallet', 'dao', 'xyz'] as const

/**
 * Candidate labels for `label`, best first: dictionary words that start with it, then the label
 * with a common ending. Deterministic, so tests know what comes back.
 */
export function dictionaryCandidates(label: string): string[] {
  const words = WORDS.filter((w) => w.startsWith(label) && w !== label)
  return [...words, ...ENDINGS.map((ending) => `${label}${ending}`)].filter((c) => c.length <= 64)
}
