/** Types of ensip15-pack.mjs, for vite.config.ts and the tests. */

/** Format of the pack the build writes and the kit reads. */
export declare const ENSIP15_PACK_FORMAT: number
/** Sorted code points as delta-coded ranges `[start, length, gap, length, …]`. */
export declare function encodeRanges(cps: Iterable<number>): number[]
/** Builds the pack: the exact JSON written beside the bundle, its sha384, the source's version. */
export declare function buildEnsip15Pack(): Promise<{
  json: string
  integrity: string
  version: string
}>
