/** Chinese tags that name a script or region rather than the pack's own tag. */
const ALIASES: Readonly<Record<string, string>> = {
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  'zh-hant': 'zh-tw',
  'zh-hk': 'zh-tw',
  'zh-mo': 'zh-tw',
  iw: 'he',
  in: 'id',
}

/**
 * The first of `candidates` WalletKit speaks, each tried along its subtags (`de-CH-1996` →
 * `de-CH` → `de`), case-insensitively; `en` when none matches.
 *
 * @param candidates - BCP 47 tags in order of preference (the option, `<html lang>`, the browser's).
 * @param available - The tags of the packs beside the bundle.
 * @returns One of `available`, or `'en'`.
 * @example
 * matchLocale(['pt-BR', 'en'], ['de', 'pt']) // 'pt'
 */
export function matchLocale(
  candidates: readonly (string | null | undefined)[],
  available: readonly string[],
): string {
  const byLower = new Map(available.map((tag) => [tag.toLowerCase(), tag]))
  byLower.set('en', 'en')
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue
    let tag = candidate.trim().replace(/_/g, '-').toLowerCase()
    while (tag) {
      const found = byLower.get(tag) ?? byLower.get(ALIASES[tag] ?? '')
      if (found) return found
      const cut = tag.lastIndexOf('-')
      tag = cut > 0 ? tag.slice(0, cut) : ''
    }
  }
  return 'en'
}
