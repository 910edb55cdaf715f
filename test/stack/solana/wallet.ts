import {
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import type { RpcOutcome } from '../chain/rpc.js'
import { fail, providerError, WalletRequestError } from '../wallet/errors.js'
import { type SolanaTestAccount, solanaTestAccount } from './accounts.js'
import type { SolanaChain } from './chain.js'
import { SOLANA_WALLET, type SolanaWalletInfo } from './info.js'

/** An account as the page's wallet shows it (`publicKey` in base64). */
export interface SolanaWalletAccountData {
  address: string
  publicKey: string
}

/** An event the wallet sends to the page: Wallet Standard `change` with the authorised accounts. */
export interface SolanaWalletEvent {
  event: 'change'
  payload: { accounts: SolanaWalletAccountData[] }
}

/** One request the wallet answered. */
export interface SolanaWalletCall {
  method: string
  params: unknown
  error?: { code: number; message: string }
}

/** Options of {@link createSolanaTestWallet}. */
export interface SolanaTestWalletOptions {
  chain: SolanaChain
  /** {@link solanaTestAccount} index; default 0. */
  accountIndex?: number
  /** Name, icon and chains overrides. */
  info?: Partial<SolanaWalletInfo>
}

/** The Solana test wallet's logic in Node, shared by every bridge, with controls for tests. */
export interface SolanaTestWallet {
  readonly info: SolanaWalletInfo
  /** The current account's base58 address. */
  readonly address: string
  readonly account: SolanaTestAccount
  /** Whether the site may see the account (after a connect or `authorize()`). */
  readonly connected: boolean
  readonly calls: SolanaWalletCall[]
  /** Answers one page request; never throws. */
  handle(method: string, params: unknown): Promise<RpcOutcome>
  /** Receives every event; awaited before the triggering call resolves. */
  subscribe(listener: (event: SolanaWalletEvent) => void | Promise<void>): () => void
  /** The next call of `method` (connect, signMessage, signTransaction, signAndSendTransaction, disconnect) fails with `code` (default 4001). */
  rejectNext(method: string, code?: number, message?: string): void
  /** Switches to account `index`; emits `change` when connected. */
  setAccount(index: number): Promise<void>
  /** The visitor disconnects the site in the wallet: emits `change` with no accounts. */
  disconnectFromWallet(): Promise<void>
  /** Pre-authorises the site, so a silent connect answers with the account. */
  authorize(): void
  /** Back to account `accountIndex`, disconnected, no queued errors, no calls. */
  reset(): Promise<void>
}

/** The wallet's own error texts, as Solana wallets word them. */
const REJECTED = 'User rejected the request.'

/**
 * Creates the Solana test wallet: it signs with Ed25519 in Node (`@solana/kit`'s `signBytes` and
 * transaction signing) and, for `signAndSendTransaction`, executes on the local SVM. Requests from
 * the page carry bytes in base64. Failures come back as `{ code, message }`: 4001 for a rejection,
 * 4100 for an account the site may not use, −32603 for anything else.
 * @example
 * const wallet = await createSolanaTestWallet({ chain })
 * await installSolanaWallet(context, wallet)
 */
export async function createSolanaTestWallet(
  options: SolanaTestWalletOptions,
): Promise<SolanaTestWallet> {
  const { chain } = options
  const initialIndex = options.accountIndex ?? 0
  const info: SolanaWalletInfo = Object.freeze({ ...SOLANA_WALLET, ...options.info })
  const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() }
  const listeners = new Set<(event: SolanaWalletEvent) => void | Promise<void>>()
  const calls: SolanaWalletCall[] = []
  let rejections: { method: string; code: number; message: string }[] = []
  let account = await solanaTestAccount(initialIndex)
  let connected = false

  const bytesOf = (value: unknown, what: string): Uint8Array => {
    if (typeof value !== 'string') fail(-32602, `${what} must be base64 text.`)
    return new Uint8Array(base64.encode.encode(value))
  }
  const accountData = async (): Promise<SolanaWalletAccountData> => {
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', account.keyPair.publicKey))
    return { address: account.address, publicKey: base64.decode.decode(raw) }
  }
  const emit = async (event: SolanaWalletEvent) => {
    for (const listener of [...listeners]) await listener(event)
  }
  const requireAccount = (params: { address?: unknown }) => {
    if (!connected) fail(4100, 'The site is not connected.')
    if (params.address !== account.address) fail(4100, 'The account is not authorised.')
  }
  async function sign(wire: Uint8Array): Promise<Transaction> {
    let transaction: Transaction
    try {
      transaction = chain.decode(wire)
    } catch {
      fail(-32602, 'The transaction could not be decoded.')
    }
    try {
      return await partiallySignTransaction([account.keyPair], transaction)
    } catch (error) {
      fail(-32603, `The wallet cannot sign this transaction: ${(error as Error).message}`)
    }
  }

  const handlers: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    async connect(params) {
      if (params.silent === true && !connected) return { accounts: [] }
      connected = true
      return { accounts: [await accountData()] }
    },
    async disconnect() {
      connected = false
      return null
    },
    async signMessage(params) {
      requireAccount(params)
      const message = bytesOf(params.message, 'message')
      const signature = new Uint8Array(await signBytes(account.keyPair.privateKey, message))
      return {
        signedMessage: base64.decode.decode(message),
        signature: base64.decode.decode(signature),
      }
    },
    async signTransaction(params) {
      requireAccount(params)
      const signed = await sign(bytesOf(params.transaction, 'transaction'))
      return { signedTransaction: base64.decode.decode(getTransactionEncoder().encode(signed)) }
    },
    async signAndSendTransaction(params) {
      requireAccount(params)
      if (params.chain !== undefined && !info.chains.includes(String(params.chain)))
        fail(4100, `The wallet does not support ${String(params.chain)}.`)
      const signed = await sign(bytesOf(params.transaction, 'transaction'))
      const simulated = chain.simulate(signed)
      if (simulated.err) fail(-32603, `Transaction simulation failed: ${simulated.err}`)
      const { signature } = chain.execute(signed)
      return { signature: base64.decode.decode(new Uint8Array(getBase58Bytes(signature))) }
    },
  }

  return {
    info,
    get address() {
      return account.address
    },
    get account() {
      return account
    },
    get connected() {
      return connected
    },
    calls,
    async handle(method, params) {
      const call: SolanaWalletCall = { method, params }
      calls.push(call)
      try {
        const queued = rejections.findIndex((r) => r.method === method)
        if (queued >= 0) {
          const [rejection] = rejections.splice(queued, 1)
          if (rejection) fail(rejection.code, rejection.message)
        }
        const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
        if (!handler) fail(4200, `The wallet has no method ${method}.`)
        const record = typeof params === 'object' && params !== null ? params : {}
        return { result: await handler(record as Record<string, unknown>) }
      } catch (error) {
        const object =
          error instanceof WalletRequestError
            ? error.error
            : providerError(-32603, error instanceof Error ? error.message : String(error))
        call.error = { code: object.code, message: object.message }
        return { error: object }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    rejectNext(method, code = 4001, message = code === 4001 ? REJECTED : undefined) {
      rejections.push({ method, code, message: message ?? providerError(code).message })
    },
    async setAccount(index) {
      account = await solanaTestAccount(index)
      if (connected) await emit({ event: 'change', payload: { accounts: [await accountData()] } })
    },
    async disconnectFromWallet() {
      connected = false
      await emit({ event: 'change', payload: { accounts: [] } })
    },
    authorize() {
      connected = true
    },
    async reset() {
      account = await solanaTestAccount(initialIndex)
      connected = false
      rejections = []
      calls.length = 0
    },
  }
}

function getBase58Bytes(signature: string): Uint8Array {
  return new Uint8Array(getBase58Encoder().encode(signature))
}
