import { getAddress } from 'viem'
import { testAccount } from '../chain/accounts.js'
import { sendError, sendJson } from '../http-util.js'
import { IDENTITY_FIXTURES } from './fixtures.js'
import type { Route, RouteContext } from './routes.js'

/** Coin type of an EVM chain (ENSIP-11); 60 is Ethereum mainnet. */
export const coinTypeOf = (chainId: number) => (0x80000000 | chainId) >>> 0

const REGISTERED_AT = '2024-10-01T00:00:00Z'

/**
 * `GET /v1/profile/account/{name}` over the fixture names (`alice.wk.eth` … of
 * {@link IDENTITY_FIXTURES}): the record in the service's shape, with the address under coin type
 * 60 and under each local chain's coin type. An unknown name is `[]` with `apiVersion=2`, as the
 * service answers, and 404 without it. The stack's names registry answers first and falls back
 * to this for the names it does not hold.
 */
export function fixtureProfile(ctx: RouteContext): void {
  const name = (ctx.params[0] ?? '').toLowerCase()
  const fixture = IDENTITY_FIXTURES.find((f) => f.identity.name === name)
  if (!fixture) {
    if (ctx.url.searchParams.get('apiVersion') === '2') sendJson(ctx.res, 200, [])
    else sendError(ctx.res, 404, `Name ${name} is not registered`)
    return
  }
  const address = getAddress(testAccount(fixture.accountIndex).address)
  const chains = ctx.namespaces
    .filter((n) => n.namespace === 'eip155')
    .flatMap((n) => n.supportedChains().http)
    .map((id) => Number(id.split(':')[1]))
  const addresses: Record<string, { address: string; created_at: string }> = {
    '60': { address, created_at: REGISTERED_AT },
  }
  for (const id of chains)
    addresses[String(coinTypeOf(id))] = { address, created_at: REGISTERED_AT }
  sendJson(ctx.res, 200, {
    name,
    registered_at: REGISTERED_AT,
    updated_at: REGISTERED_AT,
    attributes: null,
    addresses,
  })
}

/** The profile routes the kit calls (names resolve to addresses in Send). */
export const PROFILE_ROUTES: readonly Route[] = [
  { method: 'GET', pattern: /^\/v1\/profile\/account\/([^/]+)$/, handle: fixtureProfile },
]
