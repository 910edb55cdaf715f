import { UniversalProvider } from '@walletconnect/universal-provider'
import type { WcWallet } from './types'

type Provider = Awaited<ReturnType<typeof UniversalProvider.init>>

/** A dapp-side UniversalProvider on the relay stand-in, for tests in Node. */
export interface TestDapp {
  provider: Provider
  /** Proposes a session on eip155 `chainIds` (default 31337 and 31338) and hands the `wc:` URI to `onUri`. Resolves when the session settles. */
  connect(
    onUri: (uri: string) => void,
    chainIds?: number[],
    extra?: Record<string, object>,
  ): Promise<void>
  /** Proposes a session and pairs `wallet` from the URI. */
  connectTo(wallet: WcWallet, chainIds?: number[]): Promise<void>
  close(): Promise<void>
}

const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
]

/**
 * Starts a UniversalProvider with its own storage prefix, no telemetry and a local `rpcMap`, so nothing leaves 127.0.0.1.
 * Only one may be open at a time in a realm: the provider keeps module-level state.
 */
export async function createTestDapp(
  relayUrl: string,
  rpcMap: Record<number, string> = {},
): Promise<TestDapp> {
  process.env.IS_VITEST = 'true'
  const provider = await UniversalProvider.init({
    projectId: '0'.repeat(32),
    relayUrl,
    customStoragePrefix: `test-dapp-${crypto.randomUUID()}`,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Test dapp', description: 'Test dapp', url: 'http://127.0.0.1', icons: [] },
  })
  const connect: TestDapp['connect'] = async (onUri, chainIds = [31337, 31338], extra = {}) => {
    provider.once('display_uri', onUri)
    await provider.connect({
      optionalNamespaces: {
        eip155: {
          chains: chainIds.map((id) => `eip155:${id}`),
          methods: METHODS,
          events: ['chainChanged', 'accountsChanged'],
          rpcMap: Object.fromEntries(
            Object.entries(rpcMap).map(([id, url]) => [`eip155:${id}`, url]),
          ),
        },
        ...extra,
      },
    })
  }
  return {
    provider,
    connect,
    async connectTo(wallet, chainIds) {
      const approved = wallet.approve()
      await connect((uri) => void wallet.pair(uri), chainIds)
      await approved
    },
    async close() {
      // Let fire-and-forget relay calls (e.g. the unsubscribe after a disconnect) finish first.
      await new Promise((resolve) => setTimeout(resolve, 300))
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose()
    },
  }
}
