import { sendError, sendJson } from '../http-util.js'
import type { Route } from './routes.js'

/**
 * `POST /v1/?chainId={caip2}&projectId=…`: the JSON-RPC endpoint the public service offers for
 * every network it supports (what a kit uses for a network the site gave without an RPC url).
 * The body goes to the chain's own RPC and its answer comes back as it is.
 *
 * @param rpcUrls - The RPC url of each CAIP-2 network served.
 */
export function createRpcProxyRoute(rpcUrls: Readonly<Record<string, string>>): Route {
  return {
    method: 'POST',
    pattern: /^\/v1\/?$/,
    async handle(ctx) {
      const chainId = ctx.url.searchParams.get('chainId') ?? ''
      const target = Object.hasOwn(rpcUrls, chainId) ? rpcUrls[chainId] : undefined
      if (!target) return sendError(ctx.res, 400, `Unsupported chainId: ${chainId}`)
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ctx.body ?? null),
      })
      sendJson(ctx.res, answer.status, await answer.json())
    },
  }
}
