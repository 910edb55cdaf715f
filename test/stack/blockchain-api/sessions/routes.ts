import { type Address, createPublicClient, type Hex, http, isAddress, isHex } from 'viem'
import type { ChainDescription } from '../../chain/deploy.js'
import { sendError, sendJson } from '../../http-util.js'
import type { Route, RouteContext } from '../routes.js'
import { revocationMessage } from './message.js'
import type { SessionStore } from './store.js'

const CAIP10 = /^eip155:(\d{1,20}):(0x[0-9a-fA-F]{40})$/
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

/** How old a revocation may be when it arrives, in ms: the time a visitor takes to sign. */
export const REVOCATION_MAX_AGE_MS = 5 * 60_000
/** How far ahead of the service's clock its time may be, in ms (clock skew). */
export const REVOCATION_MAX_SKEW_MS = 60_000

/**
 * `GET /v1/sessions/{caipAddress}` and `POST /v1/sessions/{caipAddress}/revoke` over `store`.
 * Unlike the public service, revoking checks what was signed, each refusal a 401 with its reason:
 * the site the message names must be the host of the request's `Origin`; its time within
 * {@link REVOCATION_MAX_AGE_MS} before now (and at most {@link REVOCATION_MAX_SKEW_MS} after); its
 * nonce never used before; and the signature the account's (an EOA's recovered, a contract
 * account's asked of the contract, EIP-1271) of {@link revocationMessage} for that pci and account.
 */
export function sessionRoutes(
  store: SessionStore,
  chains: readonly ChainDescription[],
  options: { now?: () => number } = {},
): Route[] {
  const now = options.now ?? Date.now
  /** Nonces of accepted revocations, until they are too old to matter. */
  const used = new Map<string, number>()
  const clients = new Map(
    chains.map((c) => [
      String(c.chainId),
      createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0 }) }),
    ]),
  )
  const account = (ctx: RouteContext) => {
    const caipAddress = ctx.params[0] ?? ''
    const match = CAIP10.exec(caipAddress)
    if (!match || !isAddress(match[2] ?? '', { strict: false })) {
      sendError(ctx.res, 400, `Invalid CAIP-10 address: ${caipAddress}`)
      return null
    }
    const client = clients.get(match[1] ?? '')
    if (!client) {
      sendError(ctx.res, 400, `Unsupported chainId: eip155:${match[1]}`)
      return null
    }
    return { caipAddress, address: match[2] as Address, client }
  }

  return [
    {
      method: 'GET',
      pattern: /^\/v1\/sessions\/([^/]+)$/,
      handle(ctx) {
        const found = account(ctx)
        if (found) sendJson(ctx.res, 200, { pcis: store.list(found.caipAddress) })
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/sessions\/([^/]+)\/revoke$/,
      async handle(ctx) {
        const found = account(ctx)
        if (!found) return
        const body = (ctx.body ?? {}) as Record<string, unknown>
        const { pci, signature, domain, issuedAt, nonce } = body
        if (typeof pci !== 'string' || pci === '' || pci.length > 200)
          return sendError(ctx.res, 400, 'pci must be a string')
        if (typeof signature !== 'string' || !isHex(signature) || signature.length > 20_000)
          return sendError(ctx.res, 400, 'signature must be hex')
        if (typeof domain !== 'string' || !/^[a-z0-9.:[\]-]{1,260}$/i.test(domain))
          return sendError(ctx.res, 400, 'domain must be a host')
        if (typeof issuedAt !== 'string' || !ISO_TIME.test(issuedAt))
          return sendError(ctx.res, 400, 'issuedAt must be an ISO 8601 UTC time')
        if (typeof nonce !== 'string' || !/^[A-Za-z0-9]{8,64}$/.test(nonce))
          return sendError(ctx.res, 400, 'nonce must be 8 to 64 letters and digits')
        const origin = ctx.req.headers.origin
        let host: string | undefined
        try {
          host = origin ? new URL(origin).host : undefined
        } catch {}
        if (host !== domain)
          return sendError(
            ctx.res,
            401,
            `Signed for another site: ${domain}, not ${host ?? 'none'}`,
          )
        const at = Date.parse(issuedAt)
        const age = now() - at
        if (!(age <= REVOCATION_MAX_AGE_MS && age >= -REVOCATION_MAX_SKEW_MS))
          return sendError(ctx.res, 401, `Stale revocation: issued at ${issuedAt}`)
        for (const [n, expires] of used) if (expires < now()) used.delete(n)
        if (used.has(nonce)) return sendError(ctx.res, 401, `Replayed revocation: nonce ${nonce}`)
        const session = store.find(found.caipAddress, pci)
        if (!session) return sendError(ctx.res, 404, `No session ${pci} for ${found.caipAddress}`)
        if (session.revokedAt !== undefined)
          return sendError(ctx.res, 409, `Session ${pci} is already revoked`)
        const message = revocationMessage({
          pci,
          caipAddress: found.caipAddress,
          domain,
          issuedAt,
          nonce,
        })
        const valid = await found.client
          .verifyMessage({ address: found.address, message, signature: signature as Hex })
          .catch(() => false)
        if (!valid) return sendError(ctx.res, 401, 'Invalid signature')
        if (used.has(nonce)) return sendError(ctx.res, 401, `Replayed revocation: nonce ${nonce}`)
        used.set(nonce, at + REVOCATION_MAX_AGE_MS)
        store.revoke(session)
        sendJson(ctx.res, 200, { pci, revokedAt: session.revokedAt })
      },
    },
  ]
}
