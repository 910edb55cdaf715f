import { SignClient } from '@walletconnect/sign-client'
import { testAccount } from '../chain/accounts'
import type { RpcErrorObject } from '../chain/rpc'
import { providerError, WalletRequestError } from '../wallet/errors'
import { createTestWallet } from '../wallet/wallet'
import { type ApprovedNamespace, buildNamespaces, type SupportedNamespace } from './namespaces'
import { createAsyncQueue } from './queue'
import type { ExtraNamespace, WcProposal, WcRequest, WcWallet, WcWalletOptions } from './types'

/** The eip155 methods approved in a session: what the test wallet answers as a wallet. */
const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
]
const EIP155_EVENTS = ['accountsChanged', 'chainChanged']

const EXTRA_DEFAULTS: Record<string, { methods: string[]; events: string[] }> = {
  solana: { methods: ['solana_signMessage', 'solana_signTransaction'], events: [] },
  bip122: { methods: ['signMessage', 'sendTransfer'], events: ['bip122_addressesChanged'] },
  polkadot: { methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
}

// Time for the client's last fire-and-forget relay calls (e.g. the unsubscribe after a disconnect) to finish;
// a request made after the transport is closed would reopen the socket and retry for about 15 s.
const SETTLE_MS = 300

/**
 * Starts a Node-side WalletConnect wallet: a sign-client that pairs from a `wc:` URI and answers eip155 requests with
 * the project's test wallet (`createTestWallet`, test mnemonic accounts on the local chains). Sets `IS_VITEST=true`
 * when unset, which turns off the client's Verify and telemetry HTTP calls.
 * @example
 * const wallet = await createWcWallet({ relayUrl: relay.url, projectId: 'p', chains: [{ chainId: 31337, rpcUrl }] })
 * provider.on('display_uri', (uri) => wallet.pair(uri))
 * await wallet.approve()
 */
export async function createWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  process.env.IS_VITEST ??= 'true'
  const testWallet = createTestWallet({
    chains: options.chains,
    ...(options.accountIndex === undefined ? {} : { accountIndex: options.accountIndex }),
  })
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    // One Core per prefix per realm: a shared prefix would give dapp and wallet the same client id.
    customStoragePrefix: `wc-wallet-${crypto.randomUUID()}`,
    telemetryEnabled: false,
    logger: options.logger ?? 'silent',
    metadata: {
      name: 'WalletKit Test Wallet',
      description: 'Node-side WalletConnect wallet for tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  // Without this the wallet pauses 1 s after every response before taking the next request.
  ;(client.engine as unknown as { requestQueueDelay: number }).requestQueueDelay = 0

  const proposals = createAsyncQueue<WcProposal>()
  const requests = createAsyncQueue<WcRequest>()
  let following = true
  let queue: Promise<unknown> = Promise.resolve()

  const supported = (): Record<string, SupportedNamespace> => {
    const chains = options.chains.map((c) => `eip155:${c.chainId}`)
    const namespaces: Record<string, SupportedNamespace> = {}
    if (options.evm !== false)
      namespaces.eip155 = {
        chains,
        accounts: chains.map((chain) => `${chain}:${testWallet.address}`),
        methods: EIP155_METHODS,
        events: EIP155_EVENTS,
      }
    for (const [name, extra] of Object.entries(options.extraNamespaces ?? {})) {
      if (extra) namespaces[name] = extraNamespace(name, extra)
    }
    return namespaces
  }

  /** Sessions whose eip155 namespace includes `chainId` (default: the wallet's current chain, else the first). */
  const sessionsOn = (chainId?: number) =>
    client.session.getAll().flatMap((session) => {
      const chains = session.namespaces.eip155?.chains ?? []
      const wanted = `eip155:${chainId ?? testWallet.chainId}`
      const chain = chains.includes(wanted) ? wanted : chainId === undefined ? chains[0] : undefined
      return chain ? [{ topic: session.topic, chain }] : []
    })

  // The test wallet's own events (a switch asked by the dapp, setAccount, …) become session events.
  testWallet.subscribe(async ({ event, payload }) => {
    if (!following || (event !== 'chainChanged' && event !== 'accountsChanged')) return
    const chainId = event === 'chainChanged' ? Number(payload) : undefined
    for (const { topic, chain } of sessionsOn(chainId)) {
      await client.emit({ topic, event: { name: event, data: payload }, chainId: chain })
    }
  })

  const answer = async (request: WcRequest): Promise<unknown> => {
    const custom = options.handlers?.[request.method]
    if (custom) return custom(request)
    const [namespace, reference] = request.chainId.split(':')
    if (namespace !== 'eip155') throw new WalletRequestError(providerError(4200))
    // Each request names its chain; the wallet follows silently, as a real one does.
    const chainId = Number(reference)
    if (testWallet.chainId !== chainId) {
      following = false
      await testWallet.switchChainFromWallet(chainId).finally(() => {
        following = true
      })
    }
    const outcome = await testWallet.handle(request.method, request.params, 'walletconnect')
    if ('error' in outcome) throw new WalletRequestError(outcome.error)
    return outcome.result
  }

  const respond = async (request: WcRequest, outcome: () => Promise<unknown>): Promise<void> => {
    // One request at a time: the chain alignment above must not interleave with another request.
    const turn = queue.then(async () => {
      try {
        const result = (await outcome()) ?? null
        await client.respond({
          topic: request.topic,
          response: { id: request.id, jsonrpc: '2.0', result },
        })
      } catch (error) {
        const rpcError: RpcErrorObject =
          error instanceof WalletRequestError
            ? error.error
            : providerError(-32603, firstLine(error))
        // `data` may be any JSON (e.g. a nested `originalError`), though the client's type says string.
        const wire = rpcError as { code: number; message: string; data?: string }
        await client.respond({
          topic: request.topic,
          response: { id: request.id, jsonrpc: '2.0', error: wire },
        })
      }
    })
    queue = turn.catch(() => undefined)
    await turn
  }

  client.on('session_proposal', ({ id, params }) => {
    proposals.push({
      id,
      pairingTopic: params.pairingTopic,
      requiredNamespaces: params.requiredNamespaces,
      optionalNamespaces: params.optionalNamespaces,
      proposer: { publicKey: params.proposer.publicKey, metadata: params.proposer.metadata },
    })
  })
  client.on('session_request', ({ id, topic, params }) => {
    const request = {
      id,
      topic,
      method: params.request.method,
      params: params.request.params as unknown,
      chainId: params.chainId,
    }
    if (options.autoRespond === false) requests.push(request)
    else void respond(request, () => answer(request))
  })

  const pending = async (proposal?: WcProposal): Promise<WcProposal> =>
    proposal ?? proposals.take() ?? proposals.next()

  return {
    client,
    testWallet,
    get address() {
      return testWallet.address
    },
    async pair(uri) {
      await client.pair({ uri })
    },
    nextProposal: () => proposals.next(),
    async approve(proposal) {
      const { id, requiredNamespaces, optionalNamespaces } = await pending(proposal)
      const namespaces = buildNamespaces(requiredNamespaces, optionalNamespaces, supported())
      const { topic, acknowledged } = await client.approve({ id, namespaces })
      await acknowledged()
      // An approved session is the site's permission to see the account.
      testWallet.authorize()
      return client.session.get(topic)
    },
    async reject(proposal) {
      const { id } = await pending(proposal)
      await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
    },
    nextRequest: () => requests.next(),
    respond: (request, result) =>
      respond(request, result === undefined ? () => answer(request) : async () => result),
    respondError: (request, code, message) =>
      respond(request, async () => {
        throw new WalletRequestError(providerError(code, message))
      }),
    rejectNext(method, code = 4001) {
      testWallet.rejectNext(method, code)
    },
    async emitAccountsChanged(index) {
      testWallet.authorize()
      const { address } = testAccount(index)
      for (const session of client.session.getAll()) {
        const namespaces = { ...session.namespaces } as Record<string, ApprovedNamespace>
        const eip155 = namespaces.eip155
        if (!eip155) continue
        namespaces.eip155 = { ...eip155, accounts: eip155.chains.map((c) => `${c}:${address}`) }
        const { acknowledged } = await client.update({ topic: session.topic, namespaces })
        await acknowledged()
      }
      await testWallet.setAccount(index)
    },
    async emitChainChanged(chainId) {
      // A silent no-op would leave a test waiting for an event that never comes.
      if (sessionsOn(chainId).length === 0) throw new Error(`No session includes eip155:${chainId}`)
      await testWallet.switchChainFromWallet(chainId)
    },
    async disconnect() {
      for (const session of client.session.getAll()) {
        await client.disconnect({
          topic: session.topic,
          reason: { code: 6000, message: 'User disconnected.' },
        })
      }
    },
    sessions: () => client.session.getAll(),
    async close() {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose()
    },
  }
}

function extraNamespace(name: string, extra: ExtraNamespace): SupportedNamespace {
  const defaults = EXTRA_DEFAULTS[name] ?? { methods: [], events: [] }
  return {
    chains: [...extra.chains],
    accounts: extra.chains.map((chain) => `${chain}:${extra.address}`),
    methods: extra.methods ?? defaults.methods,
    events: extra.events ?? defaults.events,
  }
}

// viem errors carry a one-line `shortMessage`; their `message` spans many lines of details.
function firstLine(error: unknown): string {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  return String(shortMessage ?? message ?? error)
}
