import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  type Transaction,
} from '@solana/kit'
import type { RpcErrorObject } from '../chain/rpc.js'
import {
  BodyTooLargeError,
  createFaults,
  type FaultSpec,
  handlePreflight,
  listen,
  type RequestRecord,
  readBody,
  sendJson,
  setCommonHeaders,
} from '../http-util.js'
import { SOLANA_LOCALNET_GENESIS, type SolanaChain } from './chain.js'

/** Options of {@link startSolanaRpc}. */
export interface SolanaRpcOptions {
  chain: SolanaChain
  /** Port on 127.0.0.1; default 0 (a free port). */
  port?: number
  log?: boolean
}

/** The running Solana JSON-RPC stand-in. */
export interface SolanaRpc {
  /** The JSON-RPC endpoint (POST). */
  url: string
  chain: SolanaChain
  /** Every JSON-RPC call (method and params), oldest first. */
  calls: { method: string; params: unknown }[]
  /** Every HTTP request except CORS preflights. */
  requests: RequestRecord[]
  /** Fails the next `times` HTTP requests (any path) with `status`. */
  failNext(spec?: Omit<FaultSpec, 'path'>): void
  /** Clears the logs and pending failures. */
  reset(): void
  stop(): Promise<void>
}

/** JSON-RPC errors as a Solana node words them. */
const INVALID_PARAMS = -32602
const METHOD_NOT_FOUND = -32601
const SIMULATION_FAILED = -32002

/** The base fee of one signature. */
const LAMPORTS_PER_SIGNATURE = 5000

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
  toObject(): RpcErrorObject {
    return {
      code: this.code,
      message: this.message,
      ...(this.data !== undefined && { data: this.data }),
    }
  }
}

const invalid = (message: string) => new RpcError(INVALID_PARAMS, `Invalid params: ${message}`)

type Config = { encoding?: unknown; skipPreflight?: unknown; commitment?: unknown }
const configOf = (value: unknown): Config =>
  typeof value === 'object' && value !== null ? (value as Config) : {}

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
function addressParam(value: unknown): Address {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw invalid('Invalid param: WrongSize')
  return value as Address
}

/**
 * Starts a Solana JSON-RPC server over the in-process SVM: getBalance, getLatestBlockhash,
 * getAccountInfo, sendTransaction (with preflight unless skipped), getSignatureStatuses,
 * simulateTransaction, getMinimumBalanceForRentExemption, getFeeForMessage, and the small calls clients make on
 * their own (getGenesisHash, getVersion, getHealth, getSlot, getBlockHeight, requestAirdrop).
 * Answers carry CORS headers so a page on another port can call it; batches are answered in order.
 * @example
 * const rpc = await startSolanaRpc({ chain: await createSolanaChain() })
 * await fetch(rpc.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) })
 */
export async function startSolanaRpc(options: SolanaRpcOptions): Promise<SolanaRpc> {
  const { chain } = options
  const calls: { method: string; params: unknown }[] = []
  const faults = createFaults()
  const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() }
  const base58 = { encode: getBase58Encoder(), decode: getBase58Decoder() }
  const context = () => ({ slot: chain.slot(), apiVersion: '2.1.0' })

  /** Wire bytes of a transaction in `encoding` (base58 when none is given, as nodes default). */
  function transactionParam(value: unknown, config: Config): Transaction {
    if (typeof value !== 'string' || value === '') throw invalid('transaction is not a string')
    const encoding = config.encoding ?? 'base58'
    let bytes: Uint8Array
    try {
      if (encoding === 'base64') bytes = new Uint8Array(base64.encode.encode(value))
      else if (encoding === 'base58') bytes = new Uint8Array(base58.encode.encode(value))
      else throw invalid(`unsupported encoding: ${String(encoding)}`)
      return chain.decode(bytes)
    } catch (error) {
      if (error instanceof RpcError) throw error
      throw invalid('failed to deserialize transaction')
    }
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getBalance: ([address]) => ({
      context: context(),
      value: Number(chain.balance(addressParam(address))),
    }),
    getLatestBlockhash: () => ({
      context: context(),
      value: {
        blockhash: chain.svm.latestBlockhash(),
        lastValidBlockHeight: chain.slot() + 150,
      },
    }),
    getAccountInfo: ([address, config]) => {
      const account = chain.svm.getAccount(addressParam(address))
      if (!account.exists) return { context: context(), value: null }
      const encoding = configOf(config).encoding === 'base58' ? 'base58' : 'base64'
      const data = encoding === 'base58' ? base58.decode : base64.decode
      return {
        context: context(),
        value: {
          data: [data.decode(account.data), encoding],
          executable: account.executable,
          lamports: Number(account.lamports),
          owner: account.programAddress,
          rentEpoch: 0,
          space: Number(account.space),
        },
      }
    },
    sendTransaction: ([wire, rawConfig]) => {
      const config = configOf(rawConfig)
      const transaction = transactionParam(wire, config)
      if (config.skipPreflight !== true) {
        const simulated = chain.simulate(transaction)
        if (simulated.err)
          throw new RpcError(SIMULATION_FAILED, `Transaction simulation failed: ${simulated.err}`, {
            err: simulated.err,
            logs: simulated.logs,
            unitsConsumed: Number(simulated.unitsConsumed),
          })
      }
      return chain.execute(transaction).signature
    },
    simulateTransaction: ([wire, rawConfig]) => {
      const simulated = chain.simulate(transactionParam(wire, configOf(rawConfig)))
      return {
        context: context(),
        value: {
          err: simulated.err,
          logs: simulated.logs,
          accounts: null,
          unitsConsumed: Number(simulated.unitsConsumed),
          returnData: null,
        },
      }
    },
    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures)) throw invalid('expected an array of signatures')
      return {
        context: context(),
        value: signatures.map((signature) => {
          const status = typeof signature === 'string' ? chain.status(signature) : null
          if (!status) return null
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            confirmationStatus: 'finalized',
          }
        }),
      }
    },
    // The base fee of a cluster without priority fees: 5000 lamports per signature the message needs.
    getFeeForMessage: ([message]) => {
      if (typeof message !== 'string' || message === '') throw invalid('message is not a string')
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(base64.encode.encode(message))
      } catch {
        throw invalid('message is not base64')
      }
      // A versioned message starts with 0x80 | version; its header follows.
      const signatures = (bytes[0] ?? 0) & 0x80 ? bytes[1] : bytes[0]
      if (!signatures) throw invalid('failed to deserialize message')
      return { context: context(), value: LAMPORTS_PER_SIGNATURE * signatures }
    },
    getMinimumBalanceForRentExemption: ([size]) => {
      if (!Number.isInteger(size) || (size as number) < 0) throw invalid('expected a data size')
      return Number(chain.svm.minimumBalanceForRentExemption(BigInt(size as number)))
    },
    requestAirdrop: ([address, amount]) => {
      if (!Number.isSafeInteger(amount) || (amount as number) <= 0) throw invalid('lamports')
      return chain.airdrop(addressParam(address), BigInt(amount as number))
    },
    getGenesisHash: () => SOLANA_LOCALNET_GENESIS,
    getVersion: () => ({ 'solana-core': '2.1.0', 'feature-set': 0 }),
    getHealth: () => 'ok',
    getSlot: () => chain.slot(),
    getBlockHeight: () => chain.slot(),
  }

  function answer(message: unknown): unknown {
    const request = message as { id?: unknown; method?: unknown; params?: unknown } | null
    const id = request?.id ?? null
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string')
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
    const params = request.params === undefined ? [] : request.params
    calls.push({ method: request.method, params })
    const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    if (!method)
      return { jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: 'Method not found' } }
    try {
      if (!Array.isArray(params)) throw invalid('params must be an array')
      return { jsonrpc: '2.0', id, result: method(params) }
    } catch (error) {
      const rpcError =
        error instanceof RpcError
          ? error
          : new RpcError(-32603, error instanceof Error ? error.message : String(error))
      return { jsonrpc: '2.0', id, error: rpcError.toObject() }
    }
  }

  const listening = await listen(
    async (req, res) => {
      setCommonHeaders(req, res)
      if (handlePreflight(req, res, 'POST, OPTIONS')) return
      if (await faults.intercept(req, res)) return
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST, OPTIONS')
        return sendJson(res, 405, { message: 'Use POST' })
      }
      let body: unknown
      try {
        body = JSON.parse(await readBody(req))
      } catch (error) {
        if (error instanceof BodyTooLargeError)
          return sendJson(res, 413, { message: error.message })
        return sendJson(res, 200, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error' },
        })
      }
      sendJson(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
    },
    {
      ...(options.port !== undefined && { port: options.port }),
      ...(options.log && { logName: 'solana-rpc' }),
    },
  )

  return {
    url: listening.url,
    chain,
    calls,
    requests: faults.requests,
    failNext: (spec = {}) => faults.failNext({ ...spec, path: '/' }),
    reset() {
      calls.length = 0
      faults.reset()
    },
    stop: listening.close,
  }
}
