import type { SignClient } from '@walletconnect/sign-client'
import type { TestWallet } from '../wallet/types'
import type { ProposedNamespace } from './namespaces'

/** A WalletConnect session as the sign-client stores it. */
export type WcSession = ReturnType<WcSignClient['session']['getAll']>[number]

/** The sign-client instance behind a wallet. */
export type WcSignClient = InstanceType<typeof SignClient>

/** An EVM chain the wallet can use: its id and a JSON-RPC URL (an anvil instance in tests). */
export interface WcWalletChain {
  chainId: number
  rpcUrl: string
}

/** A non-EVM namespace the wallet approves with one address. */
export interface ExtraNamespace {
  /** CAIP-2 chain ids, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chains: string[]
  /** The account address on every chain of the namespace. */
  address: string
  /** Default: the namespace's usual signing methods. */
  methods?: string[]
  /** Default: the namespace's usual events. */
  events?: string[]
}

/** A request as the wallet sees it. */
export interface WcRequest {
  id: number
  topic: string
  method: string
  params: unknown
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
}

/** A session proposal waiting for `approve` or `reject`. */
export interface WcProposal {
  id: number
  pairingTopic: string
  requiredNamespaces: Record<string, ProposedNamespace>
  optionalNamespaces: Record<string, ProposedNamespace>
  proposer: { publicKey: string; metadata: { name: string; url: string } }
}

/** Options of `createWcWallet`. */
export interface WcWalletOptions {
  /** The relay stand-in's URL, e.g. `ws://127.0.0.1:41234`. */
  relayUrl: string
  projectId: string
  /** EVM chains the wallet approves and sends transactions to. */
  chains: WcWalletChain[]
  /** Offer the eip155 namespace at all (default true); false makes a wallet of `extraNamespaces` only. */
  evm?: boolean
  /** Index of the active test-mnemonic account (the local chains fund 0–9). Default: 0. */
  accountIndex?: number
  extraNamespaces?: { solana?: ExtraNamespace; bip122?: ExtraNamespace; polkadot?: ExtraNamespace }
  /** Answer requests as they come (default), or queue them for `nextRequest()` when false. */
  autoRespond?: boolean
  /** Answers by method, taking precedence over the test wallet, e.g. for `solana_signMessage`; a throw becomes an error reply. */
  handlers?: Record<string, (request: WcRequest) => Promise<unknown>>
  /** sign-client logger level. Default: 'silent'. */
  logger?: string
}

/** A Node-side WalletConnect wallet driven by tests. */
export interface WcWallet {
  /** The underlying sign-client, for what this interface does not cover. */
  client: WcSignClient
  /** The wallet logic behind the eip155 answers, with its controls (`calls`, `nestNextError`, …). */
  testWallet: TestWallet
  /** The active eip155 address. */
  readonly address: `0x${string}`
  /** Pairs from a `wc:` URI; the proposal then arrives on `nextProposal()`. */
  pair(uri: string): Promise<void>
  /** Resolves with the next session proposal. */
  nextProposal(): Promise<WcProposal>
  /** Approves a proposal (default: the next one) with every supported proposed chain; resolves once the dapp acknowledged. */
  approve(proposal?: WcProposal): Promise<WcSession>
  /** Rejects a proposal (default: the next one) with code 5000. */
  reject(proposal?: WcProposal): Promise<void>
  /** Resolves with the next request, when `autoRespond` is false. */
  nextRequest(): Promise<WcRequest>
  /** Answers a request with `result`, or as the wallet would when `result` is undefined. */
  respond(request: WcRequest, result?: unknown): Promise<void>
  /** Answers a request with an error. */
  respondError(request: WcRequest, code: number, message?: string): Promise<void>
  /** Makes the next eip155 request of `method` fail with `code` (default 4001, user rejection). Calls stack up. */
  rejectNext(method: string, code?: number): void
  /** Switches the active account to HD index `index`, updates the sessions and emits `accountsChanged`. */
  emitAccountsChanged(index: number): Promise<void>
  /** Emits `chainChanged` on every session that includes the chain. */
  emitChainChanged(chainId: number): Promise<void>
  /** Ends every session from the wallet side. */
  disconnect(): Promise<void>
  sessions(): WcSession[]
  /** Stops the client's timers and socket so the process can exit. */
  close(): Promise<void>
}
