import { EnsTablesError } from '../errors/names.js'
import { normalizeEnsName, normalizeSimpleName } from './ensip15.js'
import { decodeEnsip15Pack, type Ensip15Tables } from './ensip15-tables.js'

/**
 * Creates the kit's ENS name normaliser (ENSIP-15). A name of ASCII letters, digits, hyphens and
 * dots is normalised at once, without the pack; any other name waits for ENSIP-15's tables, which
 * `load` fetches (once; again after a failure).
 *
 * @param load - Fetches the ENSIP-15 pack (checked against the sha384 in the bundle); undefined
 *   when there is none, so only the simple alphabet is accepted.
 * @returns `normalize(name)`: the normalised name; rejects with InvalidEnsNameError (the rule the
 *   name breaks) or EnsTablesError (the pack could not be had).
 */
export function createNameNormalizer(load: (() => Promise<unknown>) | undefined) {
  let tables: Promise<Ensip15Tables> | undefined
  return async function normalize(name: string): Promise<string> {
    const simple = normalizeSimpleName(name)
    if (simple !== undefined) return simple
    tables ??= (load ? load() : Promise.reject(new EnsTablesError()))
      .then(decodeEnsip15Pack)
      .catch((cause: unknown) => {
        tables = undefined
        throw cause instanceof EnsTablesError ? cause : new EnsTablesError({ cause })
      })
    return normalizeEnsName(name, await tables)
  }
}
