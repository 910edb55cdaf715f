import {
  type AnalyticsSink,
  type CatalogStandIn,
  DEMO_PROJECT_ID,
  startAnalyticsSink,
  startCatalog,
} from './catalog'
import { type StaticServer, startStaticServer } from './static-server'

export type { AnalyticsEvent, AnalyticsSink, CatalogStandIn } from './catalog'
export { DEMO_PROJECT_ID } from './catalog'
export type { HeaderHook, MountHandler, StaticServer, TemplateVars } from './static-server'

/** What {@link startStack} starts. */
export interface StackOptions {
  /** Port for the app/static server; 0 (default) = a free port. */
  appPort?: number
  /** Log each request to stdout. */
  log?: boolean
  /** Also start the chains and the services backed by them (blockchain API). */
  chains?: boolean
  /** Project ids registered beside the demo id. */
  projectIds?: readonly string[]
  /** Directory the app server serves (laid out like the project); default the project root. */
  root?: string
}

/** The running stand-ins of the outside world. */
export interface Stack {
  urls: {
    /** The app server: `/` is the demo page. */
    app: string
    /** Wallet catalogue API. */
    api: string
    analytics: string
    blockchainApi: string
    /** WalletConnect relay (ws://). */
    relay: string
    /** JSON-RPC URL per chain, keyed by decimal chain id ('31337'). */
    rpc: Record<string, string>
  }
  /** The registered demo project id. */
  projectId: string
  catalog: CatalogStandIn
  analytics: AnalyticsSink
  static: StaticServer
  /** Stops every stand-in and closes every socket. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts every stand-in on 127.0.0.1, each on a free port (the app server on `appPort` if given).
 * @example
 * const stack = await startStack()
 * // open `${stack.urls.app}/` …
 * await stack.stop()
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? false
  const projectIds = options.projectIds ?? []
  // Stopped in reverse order of starting.
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    const pending = stops.splice(0).reverse()
    for (const stop of pending) await stop().catch(() => undefined)
  }
  let stopping: Promise<void> | undefined

  try {
    const [catalog, analytics] = await Promise.all([
      startCatalog({ log, projectIds }),
      startAnalyticsSink({ log, projectIds }),
    ])
    stops.push(catalog.close, analytics.close)
    const urls: Stack['urls'] = {
      app: '',
      api: catalog.url,
      analytics: analytics.url,
      blockchainApi: '',
      relay: '',
      rpc: {},
    }

    // ── Chains, blockchain API and relay ──────────────────────────────────────────────────
    // Start here, before the app server (its pages are templated with these URLs):
    // - when `options.chains`: the anvil chains (test/stack/chain/) → `urls.rpc['31337']`,
    //   `urls.rpc['31338']`, and the blockchain API backed by them (test/stack/blockchain-api/)
    //   → `urls.blockchainApi`;
    // - the WalletConnect relay (test/stack/relay/) → `urls.relay`.
    // Push each one's stop function onto `stops` right after it starts.
    // ───────────────────────────────────────────────────────────────────────────────────────

    const app = await startStaticServer({
      ...(options.appPort !== undefined && { port: options.appPort }),
      ...(options.root !== undefined && { root: options.root }),
      log,
      vars: {
        apiUrl: urls.api,
        analyticsUrl: urls.analytics,
        blockchainApiUrl: urls.blockchainApi,
        relayUrl: urls.relay,
        projectId: DEMO_PROJECT_ID,
        rpc31337: urls.rpc['31337'] ?? '',
        rpc31338: urls.rpc['31338'] ?? '',
      },
    })
    stops.push(app.close)
    urls.app = app.url

    return {
      urls,
      projectId: DEMO_PROJECT_ID,
      catalog,
      analytics,
      static: app,
      stop: () => {
        stopping ??= stopAll()
        return stopping
      },
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
