import { isAddress } from 'viem'
import type { Route, RouteContext } from '../blockchain-api/routes.js'
import { sendError, sendJson } from '../http-util.js'
import { NAME_ZONES, type NameRecord, type NamesRegistry } from './registry.js'

/** `apiVersion=2` (or the older `v=2`): "not found" is an empty list instead of a 404. */
function isV2(url: URL): boolean {
  return url.searchParams.get('apiVersion') === '2' || url.searchParams.get('v') === '2'
}

/** A record as the public service serialises it (coin types as object keys). */
function serialise(record: NameRecord) {
  return { ...record, addresses: { ...record.addresses }, attributes: { ...record.attributes } }
}

/**
 * The profile routes of the blockchain API (SPEC §7, service-shapes §4): register, lookup by name,
 * reverse lookup by address, and suggestions, all over one {@link NamesRegistry}. A name the
 * registry does not hold is looked up by `fallback` when given (the fixture identities' names).
 */
export function createNamesRoutes(
  registry: NamesRegistry,
  fallback?: (ctx: RouteContext) => void | Promise<void>,
): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/profile\/account$/,
      async handle({ res, body }: RouteContext) {
        const outcome = await registry.register(body)
        if ('refusal' in outcome)
          return sendError(res, outcome.refusal.status, outcome.refusal.message)
        sendJson(res, 200, serialise(outcome.record))
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/profile\/account\/([^/]+)$/,
      handle(ctx: RouteContext) {
        const { res, url, params } = ctx
        const record = registry.lookup(params[0] ?? '')
        if (record) return sendJson(res, 200, serialise(record))
        if (fallback) return fallback(ctx)
        if (isV2(url)) return sendJson(res, 200, [])
        sendError(res, 404, 'Name is not registered')
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/profile\/reverse\/([^/]+)$/,
      handle({ res, url, params }: RouteContext) {
        const address = params[0] ?? ''
        if (!isAddress(address, { strict: false }))
          return sendError(res, 400, `Invalid address: ${address}`)
        const records = registry.reverse(address)
        if (records.length === 0 && !isV2(url))
          return sendError(res, 404, 'No name for this address')
        sendJson(res, 200, records.map(serialise))
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/profile\/suggestions\/([^/]+)$/,
      handle({ res, url, params }: RouteContext) {
        const label = params[0] ?? ''
        const zone = url.searchParams.get('zone') ?? NAME_ZONES[0]
        if (label.length < 3) return sendError(res, 400, `Invalid name length: ${label}`)
        if (!/^[a-z0-9-]+$/.test(label)) return sendError(res, 400, `Invalid name format: ${label}`)
        if (!(NAME_ZONES as readonly string[]).includes(zone))
          return sendError(res, 400, `Unknown zone: ${zone}`)
        sendJson(res, 200, { suggestions: registry.suggestions(label, zone) })
      },
    },
  ]
}
