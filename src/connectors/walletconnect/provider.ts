import type { UniversalProvider } from '@walletconnect/universal-provider'
import type { Metadata } from '../../core/types/options.js'

/** The WalletConnect provider: EIP-1193 for the host page, the sign client underneath. */
export type WalletConnectProvider = Awaited<ReturnType<typeof UniversalProvider.init>>

/** What creates the provider: `UniversalProvider.init`, replaceable in tests. */
export type ProviderFactory = {
  init(options: Parameters<typeof UniversalProvider.init>[0]): Promise<WalletConnectProvider>
}

/** Options of {@link createWalletConnectProvider}. */
export type ProviderOptions = {
  projectId: string
  relayUrl: string
  metadata: Metadata
  /** Log WalletConnect errors to the console. */
  debug: boolean
  /** Keeps the kit's keys apart from other WalletConnect clients of the page. */
  storagePrefix: string
}

/**
 * Loads the WalletConnect packages. The import is inlined by the one-file build (no code is
 * fetched at run time) and the module graph is evaluated only on this first call, so nothing of
 * WalletConnect runs before a visitor picks it.
 */
export async function loadUniversalProvider(): Promise<ProviderFactory> {
  // The inlined import runs in a microtask, which would add the packages' evaluation to the task
  // that just rendered the connecting view. A task of its own keeps each of them short.
  await nextTask()
  const module = await import('@walletconnect/universal-provider')
  await nextTask()
  return module.UniversalProvider
}

/** Resolves in a new task, after the browser has had a chance to paint. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

type ProviderLogger = Exclude<
  NonNullable<Parameters<typeof UniversalProvider.init>[0]['logger']>,
  string
>

const nothing = () => {}

/**
 * A logger that writes and keeps nothing. Given a level name, even 'silent', WalletConnect's own
 * logger serialises every record at trace level and keeps up to 1 MB of them for a log download
 * the kit never offers: about half the main-thread time of a pairing, and that memory.
 */
function quietLogger(): ProviderLogger {
  const logger = {
    level: 'silent',
    trace: nothing,
    debug: nothing,
    info: nothing,
    warn: nothing,
    error: nothing,
    fatal: nothing,
    // Each child is a new object: the clients write their context on it.
    child: quietLogger,
  }
  return logger as unknown as ProviderLogger
}

/**
 * Creates the provider with nothing leaving for WalletConnect's own services: no telemetry, no
 * Verify attestation (its hidden frame would wait 5 s per proposal and request), no ping of RPC
 * endpoints; and, unless debugging, no logging at all (see quietLogger).
 */
export async function createWalletConnectProvider(
  factory: ProviderFactory,
  options: ProviderOptions,
): Promise<WalletConnectProvider> {
  const provider = await factory.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: options.debug ? 'error' : quietLogger(),
  })
  // There is no option to turn Verify off: an empty attestation is what the client sends when
  // Verify is unavailable, and wallets then show the request as unverified.
  provider.client.core.verify.register = async () => ''
  return provider
}

/** Closes the provider's socket and timers. */
export async function closeWalletConnectProvider(provider: WalletConnectProvider): Promise<void> {
  provider.client.core.heartbeat.stop()
  await provider.client.core.relayer.transportClose()
}

/** What `UniversalProvider.pair()` does once a session is approved, reached from outside it. */
type ProviderInternals = {
  persist(key: string, data: unknown): Promise<void>
  onConnect(): void
}

/**
 * Makes a session the provider's own when it was approved while no `connect()` of this page
 * waited for it (the page was unloaded while the wallet was open): the steps `pair()` takes after
 * an approval, so requests, the namespaces' `rpcMap` and the next reload work as after a connect.
 * `persist` and `onConnect` are the provider's private methods;
 * `test/unit/connectors/walletconnect/provider.test.ts` fails when an upgrade removes them.
 */
export async function adoptSession(
  provider: WalletConnectProvider,
  session: NonNullable<WalletConnectProvider['session']>,
  optionalNamespaces: NonNullable<WalletConnectProvider['optionalNamespaces']>,
): Promise<void> {
  const internals = provider as unknown as ProviderInternals
  // The approved namespaces, each with its chains (a wallet may list only accounts).
  const namespaces = Object.fromEntries(
    Object.entries(session.namespaces).map(([key, ns]) => [
      key,
      {
        ...ns,
        chains: ns.chains ?? [...new Set(ns.accounts.map((a) => a.split(':', 2).join(':')))],
      },
    ]),
  )
  provider.session = session
  provider.namespaces = namespaces
  provider.optionalNamespaces = optionalNamespaces
  await internals.persist('namespaces', namespaces)
  await internals.persist('optionalNamespaces', optionalNamespaces)
  internals.onConnect()
}
