import { SignClient } from '@walletconnect/sign-client'
import type { HDAccount } from 'viem/accounts'
import { testAccount } from '../chain/accounts'
import { EIP155_EVENTS, EIP155_METHODS, handleEip155 } from './eip155'
import { WalletRpcError } from './errors'
import { type ApprovedNamespace, buildNamespaces, type SupportedNamespace } from './namespaces'
import { createAsyncQueue } from './queue'
import type { ExtraNamespace, WcProposal, WcRequest, WcWallet, WcWalletOptions } from './types'

const EXTRA_DEFAULTS: Record<string, { methods: string[]; events: string[] }> = {
  solana: { methods: ['solana_signMessage', 'solana_signTransaction'], events: [] },
  bip122: { methods: ['signMessage', 'sendTransfer'], events: ['bip122_addressesChanged'] },
  polkadot: { methods: ['polkadot_signMessage', 'polkadot_signTransaction'], events: [] },
}

// Time for the client's last fire-and-forget relay calls (e.g. the unsubscribe after a disconnect) to finish;
// a request made after the transport is closed would reopen the socket and retry for about 15 s.
const SETTLE_MS = 300

/**
 * Starts a Node-side WalletConnect wallet (sign-client) that pairs from a `wc:` URI and answers eip155 requests with
 * the accounts of the local chains' test mnemonic. Sets `IS_VITEST=true` when unset, which turns off the client's Verify and telemetry HTTP calls.
 * @example
 * const wallet = await createWcWallet({ relayUrl: relay.url, projectId: 'p', chains: [{ chainId: 31337, rpcUrl }] })
 * provider.on('display_uri', (uri) => wallet.pair(uri))
 * await wallet.approve()
 */
export async function createWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  process.env.IS_VITEST ??= 'true'
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
  const rejections = new Map<string, number[]>()
  const rpcUrls = new Map(options.chains.map((c) => [c.chainId, c.rpcUrl]))
  let account: HDAccount = testAccount(options.accountIndex ?? 0)

  const supported = (): Record<string, SupportedNamespace> => {
    const eip155Chains = options.chains.map((c) => `eip155:${c.chainId}`)
    const namespaces: Record<string, SupportedNamespace> = {
      eip155: {
        chains: eip155Chains,
        accounts: eip155Chains.map((chain) => `${chain}:${account.address}`),
        methods: [...EIP155_METHODS],
        events: [...EIP155_EVENTS],
      },
    }
    for (const [name, extra] of Object.entries(options.extraNamespaces ?? {})) {
      if (extra) namespaces[name] = extraNamespace(name, extra)
    }
    return namespaces
  }

  const emitOnSessions = async (name: string, data: unknown, chainId?: number): Promise<void> => {
    let emitted = 0
    for (const session of client.session.getAll()) {
      const chains = session.namespaces.eip155?.chains ?? []
      const chain = chainId === undefined ? chains[0] : `eip155:${chainId}`
      if (!chain || !chains.includes(chain)) continue
      await client.emit({ topic: session.topic, event: { name, data }, chainId: chain })
      emitted += 1
    }
    // A silent no-op would leave a test waiting for an event that never comes.
    if (emitted === 0)
      throw new Error(`No session includes ${chainId ? `eip155:${chainId}` : 'eip155'}`)
  }

  const answer = async (request: WcRequest): Promise<unknown> => {
    const code = rejections.get(request.method)?.shift()
    if (code !== undefined) throw new WalletRpcError(code)
    const custom = options.handlers?.[request.method]
    if (custom) return custom(request)
    const [namespace, reference] = request.chainId.split(':')
    if (namespace !== 'eip155') throw new WalletRpcError(4200)
    const ctx = {
      account,
      rpcUrl: (chainId: number) => rpcUrls.get(chainId),
      switchChain: (chainId: number) => emitOnSessions('chainChanged', chainId, chainId),
    }
    return handleEip155(ctx, request.method, request.params, Number(reference))
  }

  const respond = async (request: WcRequest, outcome: () => Promise<unknown>): Promise<void> => {
    let response: { id: number; jsonrpc: '2.0' } & (
      | { result: unknown }
      | { error: { code: number; message: string } }
    )
    try {
      response = { id: request.id, jsonrpc: '2.0', result: (await outcome()) ?? null }
    } catch (error) {
      const { code, message } =
        error instanceof WalletRpcError ? error : new WalletRpcError(-32603, shortMessage(error))
      response = { id: request.id, jsonrpc: '2.0', error: { code, message } }
    }
    await client.respond({ topic: request.topic, response })
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
    get address() {
      return account.address
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
        throw new WalletRpcError(code, message)
      }),
    rejectNext(method, code = 4001) {
      rejections.set(method, [...(rejections.get(method) ?? []), code])
    },
    async emitAccountsChanged(index) {
      account = testAccount(index)
      for (const session of client.session.getAll()) {
        const namespaces: Record<string, ApprovedNamespace> = { ...session.namespaces } as never
        const eip155 = namespaces.eip155
        if (!eip155) continue
        const chains = eip155.chains ?? []
        namespaces.eip155 = { ...eip155, accounts: chains.map((c) => `${c}:${account.address}`) }
        const { acknowledged } = await client.update({ topic: session.topic, namespaces })
        await acknowledged()
      }
      await emitOnSessions('accountsChanged', [account.address])
    },
    emitChainChanged: (chainId) => emitOnSessions('chainChanged', chainId, chainId),
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
function shortMessage(error: unknown): string {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  return String(shortMessage ?? message ?? error)
}
