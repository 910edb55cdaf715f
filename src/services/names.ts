import { HttpRequestError } from '../core/errors/http.js'
import type { NameSuggestion, NamesApi } from '../core/names/types.js'
import type { BlockchainApi, NameProfile } from '../core/types/services.js'
import type { HttpClient } from './http.js'
import { list, optionalText, record, text } from './parse.js'

/** What a name may look like to be shown or used: the names service's alphabet. */
const NAME = /^[a-z0-9.-]{1,255}$/

/**
 * Parses a name's profile (`{ name, addresses: { [coinType]: { address } } }`); an unknown name
 * is `[]` with apiVersion 2. Only known fields are copied; odd coin types and entries are dropped.
 */
export function parseProfile(value: unknown): NameProfile | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined
    return parseProfile(value[0])
  }
  const o = record(value, 'profile')
  const addresses = record(o.addresses, 'addresses')
  const found: { coinType: number; address: string }[] = []
  for (const key of Object.keys(addresses)) {
    if (!/^\d{1,10}$/.test(key)) continue
    const entry = addresses[key]
    if (typeof entry !== 'object' || entry === null) continue
    const address = optionalText(entry as Record<string, unknown>, 'address', 128)
    if (address) found.push({ coinType: Number(key), address })
  }
  return { name: text(o, 'name', 255), addresses: found }
}

/** Profiles of a list answer (reverse lookup) whose names are well formed; the others dropped. */
function parseProfiles(value: unknown): NameProfile[] {
  return list(value, 'names').flatMap((item) => {
    try {
      const profile = parseProfile(item)
      return profile && NAME.test(profile.name) ? [profile] : []
    } catch {
      return []
    }
  })
}

/** The profile calls (SPEC §7, names), over the blockchain API's HTTP client. */
export function createNamesCalls(http: HttpClient): NamesApi & Pick<BlockchainApi, 'lookupName'> {
  return {
    /** A name's profile (`/v1/profile/account/{name}`); undefined for an unknown name. */
    async lookupName(name, signal) {
      try {
        return await http.json(
          {
            path: `/v1/profile/account/${encodeURIComponent(name)}`,
            params: { apiVersion: 2 },
            identify: 'query',
            signal,
          },
          parseProfile,
        )
      } catch (error) {
        // Without apiVersion=2 the service answers an unknown name with 404.
        if (error instanceof HttpRequestError && error.status === 404) return undefined
        throw error
      }
    },
    reverseNames(address, signal) {
      return http.json(
        {
          path: `/v1/profile/reverse/${encodeURIComponent(address)}`,
          params: { sender: address, apiVersion: 2 },
          signal,
        },
        parseProfiles,
      )
    },
    nameSuggestions(label, zone, signal) {
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
    registerName(request) {
      return http.json({ path: '/v1/profile/account', body: request }, (value) => {
        const profile = parseProfile(value)
        if (!profile) throw new Error('no profile')
        return profile
      })
    },
  }
}
