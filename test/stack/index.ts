import { demoWallets, specialWallets } from '../fixtures/wallets'
import {
  type BlockchainApi,
  createRpcProxyRoute,
  fixtureProfile,
  startBlockchainApi,
} from './blockchain-api'
import {
  type AnalyticsSink,
  type CatalogStandIn,
  DEMO_PROJECT_ID,
  startAnalyticsSink,
  startCatalog,
} from './catalog'
import { type ChainDescription, startChains } from './chain'
import { seedDemo } from './demo'
import { createDevnetMobileRoutes, DEVNET_MOBILE_PREFIX } from './devnet-mobile/routes'
import { sendError } from './http-util'
import { type LoginFrame, startLoginFrame } from './login-frame'
import { createNamesRegistry, createNamesRoutes, type NamesRegistry, seedNames } from './names'
import { type OnRampStandIn, startOnRamp } from './onramp'
import { type Relay, startRelay } from './relay'
import { type SafeStandIn, startSafeParent } from './safe'
import { createSiwxVerifier, type SiwxVerifier } from './siwx-verifier'
import {
  createDevnetSolanaWalletRoutes,
  createSolanaNamespace,
  createSolanaTestWallet,
  type SolanaStandIn,
  startSolana,
} from './solana'
import { type StaticServer, startStaticServer } from './static-server'
import { createDevnetWalletRoutes, createTestWallet, type TestWallet } from './wallet'

export type { AnalyticsEvent, AnalyticsSink, CatalogStandIn } from './catalog'
export { DEMO_PROJECT_ID } from './catalog'
export type { LoginFrame } from './login-frame'
export type { SafeStandIn } from './safe'
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
  /**
   * With `chains`: also put the demo's history and smart sessions in place (real transfers, spam
   * and an address-poisoning attempt for account 0; sessions in each state). `npm start` only.
   */
  demo?: boolean
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
    /** The Solana JSON-RPC stand-in (`solana:localnet`), when started with `chains: true`. */
    solanaRpc: string
    /** The sign-in verifier a site's `siwx` hooks call (`/nonce`, `/verify`), on the app server. */
    siwxVerifier: string
    /** The Safe web wallet stand-in's page framing the demo, when started with `chains: true`. */
    safe: string
    /** The on-ramp provider's checkout page (its own origin), when started with `chains: true`. */
    onrampCheckout: string
    /** The reference login frame (a site's `authUrl`), on an origin of its own. */
    loginFrame: string
    /** The login frame's mailbox page (email codes and device links). */
    mailbox: string
  }
  /** The registered demo project id. */
  projectId: string
  catalog: CatalogStandIn
  analytics: AnalyticsSink
  static: StaticServer
  /** The local chains, when started with `chains: true`. */
  chains: ChainDescription[]
  /** The local Solana chain (litesvm) and its RPC, when started with `chains: true`. */
  solana: SolanaStandIn | undefined
  /** The blockchain API stand-in, when started with `chains: true`. */
  blockchainApi: BlockchainApi | undefined
  /** The names registry behind the blockchain API's profile routes, when started with `chains: true`. */
  names: NamesRegistry | undefined
  /** The on-ramp provider (options, quotes, checkout), when started with `chains: true`. */
  onramp: OnRampStandIn | undefined
  /** The WalletConnect relay stand-in. */
  relay: Relay
  /** The sign-in verifier stand-in (EIP-1271 too when started with `chains: true`). */
  siwxVerifier: SiwxVerifier
  /** The reference login frame: email, social and Farcaster login, and embedded wallets. */
  loginFrame: LoginFrame
  /** The "Devnet Wallet" the demo offers (`/devnet-wallet.js`), when started with `chains: true`. */
  devnetWallet: TestWallet | undefined
  /** The Safe web wallet stand-in (its own origin), when started with `chains: true`. */
  safe: SafeStandIn | undefined
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
      startCatalog({ log, projectIds, ...(options.demo && { wallets: demoWallets }) }),
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
      solanaRpc: '',
      siwxVerifier: '',
      safe: '',
      onrampCheckout: '',
      loginFrame: '',
      mailbox: '',
    }

    // ── Chains and the services backed by them ──────────────────────────────────────────────
    let chains: ChainDescription[] = []
    let blockchainApi: BlockchainApi | undefined
    let solana: SolanaStandIn | undefined
    let devnetWallet: TestWallet | undefined
    let names: NamesRegistry | undefined
    let onramp: OnRampStandIn | undefined
    const relay = await startRelay({
      log: log ? (frame) => console.log(`relay ${frame.direction} ${frame.text}`) : false,
    })
    stops.push(relay.stop)
    urls.relay = relay.url
    if (options.chains) {
      const started = await startChains()
      stops.push(started.stop)
      chains = started.chains
      for (const c of chains) urls.rpc[String(c.chainId)] = c.rpcUrl
      solana = await startSolana({ log })
      stops.push(solana.stop)
      urls.solanaRpc = solana.url
      names = createNamesRegistry({ rpc: urls.rpc })
      seedNames(
        names,
        chains.map((c) => c.chainId),
      )
      onramp = await startOnRamp({ chains, solana: solana.chain, log })
      stops.push(onramp.stop)
      urls.onrampCheckout = onramp.checkoutUrl
      blockchainApi = await startBlockchainApi({
        chains,
        namespaces: [createSolanaNamespace(solana.chain)],
        // The service's JSON-RPC endpoint, for networks a site gives without an RPC url.
        routes: [
          createRpcProxyRoute({
            ...Object.fromEntries(chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
            [solana.chain.caipNetworkId]: solana.url,
          }),
          // The registry's names, then the fixture identities' (Send resolves bob.wk.eth).
          ...createNamesRoutes(names, fixtureProfile),
          ...onramp.routes,
        ],
        projectIds,
        log,
      })
      stops.push(blockchainApi.stop)
      urls.blockchainApi = blockchainApi.url
      if (options.demo) await seedDemo(chains, blockchainApi)
      devnetWallet = createTestWallet({ chains })
    }

    const loginFrame = await startLoginFrame({
      chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
      log,
    })
    stops.push(loginFrame.stop)
    urls.loginFrame = loginFrame.url
    urls.mailbox = loginFrame.mailboxUrl

    const app = await startStaticServer({
      ...(options.appPort !== undefined && { port: options.appPort }),
      ...(options.root !== undefined && { root: options.root }),
      log,
      vars: {
        apiUrl: urls.api,
        analyticsUrl: urls.analytics,
        blockchainApiUrl: urls.blockchainApi,
        relayUrl: urls.relay,
        authUrl: urls.loginFrame,
        mailboxUrl: urls.mailbox,
        projectId: DEMO_PROJECT_ID,
        rpc31337: urls.rpc['31337'] ?? '',
        rpc31338: urls.rpc['31338'] ?? '',
        swapNetworks: ['31337', '31338']
          .map((id) => {
            const router = chains.find((c) => String(c.chainId) === id)?.router
            return router ? `eip155:${id}:${router}` : `eip155:${id}`
          })
          .join(','),
        onrampCheckoutOrigin: urls.onrampCheckout,
      },
    })
    stops.push(app.close)
    urls.app = app.url
    // Only the site may embed the login frame (frame-ancestors), as a real one allows its customers.
    loginFrame.allowHost(app.url)
    const siwxVerifier = createSiwxVerifier({ rpc: urls.rpc })
    const unmountVerifier = app.mount('/siwx', (req, res, url) =>
      siwxVerifier.handle(req, res, url.pathname.slice('/siwx'.length)),
    )
    stops.push(async () => unmountVerifier())
    urls.siwxVerifier = `${app.url}/siwx`
    if (devnetWallet && solana) {
      const routes = createDevnetWalletRoutes(devnetWallet)
      const unmounts = routes.prefixes.map((prefix) =>
        app.mount(prefix, (req, res) => {
          if (!routes.handle(req, res)) sendError(res, 404, 'Not found')
        }),
      )
      stops.push(async () => {
        for (const unmount of unmounts) unmount()
        routes.close()
      })
      // The Solana side of the demo's Devnet Wallet, on the SVM stand-in's account 0.
      const solanaWallet = await createSolanaTestWallet({
        chain: solana.chain,
        accountIndex: 0,
      })
      const solanaRoutes = createDevnetSolanaWalletRoutes(solanaWallet)
      const solanaUnmounts = solanaRoutes.prefixes.map((prefix) =>
        app.mount(prefix, (req, res) => {
          if (!solanaRoutes.handle(req, res)) sendError(res, 404, 'Not found')
        }),
      )
      stops.push(async () => {
        for (const unmount of solanaUnmounts) unmount()
        solanaRoutes.close()
      })
      const mobile = createDevnetMobileRoutes({
        relayUrl: relay.url,
        projectId: DEMO_PROJECT_ID,
        chains,
      })
      const unmountMobile = app.mount(DEVNET_MOBILE_PREFIX, mobile.handle)
      // Its catalogue entry's universal link opens the page served here.
      catalog.patchWallet(specialWallets.devnetMobile.id, {
        link_mode: `${app.url}${DEVNET_MOBILE_PREFIX}/wc`,
      })
      stops.push(async () => {
        unmountMobile()
        await mobile.close()
      })
    }

    let safe: SafeStandIn | undefined
    if (options.chains) {
      safe = await startSafeParent({ chains, appUrl: app.url, log })
      stops.push(safe.stop)
      urls.safe = safe.url
      // The demo may be opened as a Safe App in the stand-in's page.
      app.setVars({ safeOrigin: safe.origin })
    }

    return {
      urls,
      projectId: DEMO_PROJECT_ID,
      catalog,
      analytics,
      static: app,
      chains,
      solana,
      blockchainApi,
      names,
      onramp,
      relay,
      loginFrame,
      devnetWallet,
      safe,
      siwxVerifier,
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
