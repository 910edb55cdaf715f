import type { NameRecord, NameSuggestion, NamesApi } from '../core/names/types.js'
import type { HttpClient } from './http.js'
import { list, record, text } from './parse.js'

const NAME = /^[a-z0-9.-]{1,255}$/

/** A name record as the service sends it; keeps only well-formed names and addresses. */
export function parseNameRecord(value: unknown): NameRecord {
  const o = record(value, 'name record')
  const name = text(o, 'name', 255)
  if (!NAME.test(name)) throw new Error('name is malformed')
  const addresses: Record<string, { address: string }> = {}
  const raw = record(o.addresses, 'addresses')
  for (const key of Object.keys(raw)) {
    if (!/^\d{1,10}$/.test(key)) continue
    try {
      addresses[key] = { address: text(record(raw[key], 'address'), 'address', 128) }
    } catch {}
  }
  return { name, addresses }
}

/** Records from a list answer (reverse lookup), dropping malformed ones. */
function parseRecords(value: unknown): NameRecord[] {
  return list(value, 'names').flatMap((item) => {
    try {
      return [parseNameRecord(item)]
    } catch {
      return []
    }
  })
}

/** Creates the profile calls over the blockchain API's HTTP client (SPEC §7, names). */
export function createNamesService(http: HttpClient): NamesApi {
  return {
    lookup(name, signal) {
      return http.json(
        {
          path: `/v1/profile/account/${encodeURIComponent(name)}`,
          params: { apiVersion: 2 },
          signal,
        },
        // apiVersion=2 answers an empty list for a name nobody registered.
        (value) => (Array.isArray(value) ? null : parseNameRecord(value)),
      )
    },
    reverse(address, signal) {
      return http.json(
        {
          path: `/v1/profile/reverse/${encodeURIComponent(address)}`,
          params: { sender: address, apiVersion: 2 },
          signal,
        },
        parseRecords,
      )
    },
    suggestions(label, zone, signal) {
      return http.json(
        { path: `/v1/profile/suggestions/${encodeURIComponent(label)}`, params: { zone }, signal },
        (value) =>
          list(record(value, 'suggestions').suggestions, 'suggestions').flatMap(
            (item): NameSuggestion[] => {
              const o = record(item, 'suggestion')
              const name = text(o, 'name', 255)
              return NAME.test(name) && typeof o.registered === 'boolean'
                ? [{ name, registered: o.registered }]
                : []
            },
          ),
      )
    },
    register(request) {
      return http.json({ path: '/v1/profile/account', body: request }, parseNameRecord)
    },
  }
}
