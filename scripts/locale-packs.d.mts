/** Types of locale-packs.mjs, for vite.config.ts and the tests. */

/** One built pack: its tag, the exact JSON written beside the bundle, and that JSON's sha384. */
export type LocalePack = { tag: string; json: string; integrity: string }
/** Tags of the locale sources in src/ui/i18n/locales, sorted. */
export declare function localeTags(): string[]
/** Builds every pack, sorted by tag. */
export declare function buildLocalePacks(): Promise<LocalePack[]>

/** The packs' manifest (`locales/index.json`): each pack's sha384 by tag, and its own sha384. */
export function localeManifest(packs: readonly { tag: string; integrity: string }[]): {
  json: string
  integrity: string
}
