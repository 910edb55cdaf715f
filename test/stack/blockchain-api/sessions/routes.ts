import { type Address, createPublicClient, type Hex, http, isAddress, isHex } from 'viem'
import type { ChainDescription } from '../../chain/deploy.js'
import { sendError, sendJson } from '../../http-util.js'
import type { Route, RouteContext } from '../routes.js'
import { revocationMessage } from './message.js'
import type { SessionStore } from './store.js'

const CAIP10 = /^eip155:(\d{1,20}):(0x[0-9a-fA-F]{40})$/

/**
 * `GET /v1/sessions/{caipAddress}` and `POST /v1/sessions/{caipAddress}/revoke` over `store`.
 * Unlike the public service, revoking checks the signature: it must be the account's signature
 * (an EOA's recovered, a contract account's asked of the contract, EIP-1271) of
 * {@link revocationMessage} for that pci and account; anything else is a 401.
 */
export function sessionRoutes(store: SessionStore, chains: readonly ChainDescription[]): Route[] {
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
        const body = (ctx.body ?? {}) as { pci?: unknown; signature?: unknown }
        const { pci, signature } = body
        if (typeof pci !== 'string' || pci === '' || pci.length > 200)
          return sendError(ctx.res, 400, 'pci must be a string')
        if (typeof signature !== 'string' || !isHex(signature) || signature.length > 20_000)
          return sendError(ctx.res, 400, 'signature must be hex')
        const session = store.find(found.caipAddress, pci)
        if (!session) return sendError(ctx.res, 404, `No session ${pci} for ${found.caipAddress}`)
        if (session.revokedAt !== undefined)
          return sendError(ctx.res, 409, `Session ${pci} is already revoked`)
        const valid = await found.client
          .verifyMessage({
            address: found.address,
            message: revocationMessage({ pci, caipAddress: found.caipAddress }),
            signature: signature as Hex,
          })
          .catch(() => false)
        if (!valid) return sendError(ctx.res, 401, 'Invalid signature')
        store.revoke(session)
        sendJson(ctx.res, 200, { pci, revokedAt: session.revokedAt })
      },
    },
  ]
}
