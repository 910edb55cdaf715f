import type { ChainDescription } from '../chain/index.js'
import { listen, readBody, requestUrl, sendError, sendJson } from '../http-util.js'
import { deploySafe, type SafeDeployment } from './account.js'
import { PARENT_SCRIPT, renderParentPage } from './page.js'
import {
  createSafeParent,
  PARENT_SDK_VERSION,
  type ParentCall,
  SAFE_METHODS,
  type SafeParentControls,
  safeInfoOf,
} from './parent.js'

export {
  deploySafe,
  executeSafeTransaction,
  SAFE_FUNDS,
  SAFE_OWNER_INDEX,
  type SafeDeployment,
  safeNonce,
  safeTxHash,
} from './account.js'
export { formatReply, PARENT_SCRIPT, renderParentPage } from './page.js'
export {
  type ApprovalMode,
  createSafeParent,
  PARENT_SDK_VERSION,
  SAFE_METHODS,
  type SafeParent,
  type SafeParentControls,
  type SafeTransactionRecord,
  safeInfoOf,
} from './parent.js'

/** The Safe web wallet stand-in: a Safe per chain and a parent page on an origin of its own. */
export type SafeStandIn = {
  /** The parent page: `/` embeds the demo; `?app=<path on the app server>&chain=<id>`. */
  url: string
  /** The parent page's origin (a site allows it with `safeAllowedOrigins`). */
  origin: string
  /** The Safe deployed on each chain. */
  safes: readonly SafeDeployment[]
  /** Fault switches and logs. */
  controls: SafeParentControls
  stop(): Promise<void>
}

/** Options of {@link startSafeParent}. */
export type SafeParentOptions = {
  /** Seeded chains; a Safe is deployed on each unless `safes` are given. */
  chains: readonly ChainDescription[]
  /** Safes already deployed (a second parent on another origin shares them). */
  safes?: readonly SafeDeployment[] | undefined
  /** Base URL of the app server whose pages the parent frames. */
  appUrl: string
  log?: boolean
}

const APP_PATH = /^\/[\w\-./]*(\?[\w\-.=&%]*)?$/

/**
 * Deploys the Safes (unless given) and serves the Safe parent page on 127.0.0.1: `GET /` (the
 * page framing `appUrl` + `app`, default `/`, for the Safe of `chain`, default the first),
 * `GET /parent.js` and `POST /rpc?chain=` (the protocol's answers, see {@link createSafeParent}).
 */
export async function startSafeParent(options: SafeParentOptions): Promise<SafeStandIn> {
  const safes = options.safes ?? (await Promise.all(options.chains.map(deploySafe)))
  const parent = createSafeParent(safes)
  const first = safes[0]
  if (!first) throw new Error('The Safe parent needs at least one chain')
  const chainOf = (url: URL) => {
    const chainId = Number(url.searchParams.get('chain') ?? first.chainId)
    return safes.find((s) => s.chainId === chainId) ?? first
  }
  const listening = await listen(
    async (req, res) => {
      const url = requestUrl(req)
      res.setHeader('Cache-Control', 'no-store')
      if (req.method === 'GET' && url.pathname === '/') {
        const app = url.searchParams.get('app') ?? '/'
        if (!APP_PATH.test(app) || app.startsWith('//')) return sendError(res, 400, 'Bad app path')
        const safe = chainOf(url)
        const html = renderParentPage({
          appSrc: new URL(app, options.appUrl).href,
          chainId: safe.chainId,
          safeAddress: safe.address,
          methods: SAFE_METHODS,
          version: PARENT_SDK_VERSION,
          info: safeInfoOf(safe),
          silent: parent.controls.silent,
        })
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        return void res.end(html)
      }
      if (req.method === 'GET' && url.pathname === '/parent.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
        return void res.end(PARENT_SCRIPT)
      }
      if (req.method === 'POST' && url.pathname === '/rpc') {
        const call = JSON.parse(await readBody(req)) as ParentCall
        return sendJson(res, 200, await parent.answer(chainOf(url).chainId, call))
      }
      sendError(res, 404, `Not found: ${url.pathname}`)
    },
    options.log ? { logName: 'safe' } : {},
  )
  return {
    url: listening.url,
    origin: new URL(listening.url).origin,
    safes,
    controls: parent.controls,
    stop: listening.close,
  }
}
