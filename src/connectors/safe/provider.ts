import { hexToBigInt, isHex, numberToHex } from 'viem'
import {
  toProviderError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../core/errors/rpc.js'
import type { Eip1193Provider } from '../injected/eip1193.js'
import { type SafeChannel, SafeRequestFailed } from './channel.js'
import type { SafeInfo } from './protocol.js'

/** Reads the parent answers from the chain for the app (the Safe's own RPC). */
const READS = new Set([
  'eth_call',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getBalance',
  'eth_getCode',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
])

type Params = readonly unknown[]

/** Wait between two questions to the Safe about a transaction its owners have not executed yet. */
export const SAFE_EXECUTION_POLL_MS = 1000

/** The chain hash the Safe reports for a Safe transaction, or undefined while it is not executed. */
async function executedHash(channel: SafeChannel, safeTxHash: string): Promise<string | undefined> {
  const tx = (await channel.request('getTxBySafeTxHash', { safeTxHash })) as {
    txHash?: unknown
  } | null
  return typeof tx?.txHash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(tx.txHash)
    ? tx.txHash
    : undefined
}

/**
 * Waits until the Safe's owners executed a Safe transaction and resolves to the chain hash of
 * the execution, asking the Safe every SAFE_EXECUTION_POLL_MS (a question that fails counts as
 * "not yet"); rejects with the signal's reason when it aborts. No time-out: co-owners may confirm
 * days later.
 */
export function waitForExecution(
  channel: SafeChannel,
  safeTxHash: string,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    const ask = () => {
      executedHash(channel, safeTxHash).then(
        (hash) => {
          if (signal.aborted) return
          if (hash === undefined) timer = setTimeout(ask, SAFE_EXECUTION_POLL_MS)
          else {
            signal.removeEventListener('abort', onAbort)
            resolve(hash)
          }
        },
        () => {
          if (!signal.aborted) timer = setTimeout(ask, SAFE_EXECUTION_POLL_MS)
        },
      )
    }
    ask()
  })
}

/** A wei amount as the Safe takes it: a decimal string. */
function decimal(value: unknown): string {
  if (value === undefined || value === null || value === '') return '0'
  if (typeof value === 'string' && isHex(value)) return hexToBigInt(value).toString()
  if (typeof value === 'string' && /^\d+$/.test(value)) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  throw new WalletRequestError(new Error(`Invalid transaction value: ${String(value)}`), -32602)
}

/**
 * The EIP-1193 provider of a Safe opened as a Safe App. The account is the Safe; a transaction is
 * proposed to the Safe, and `eth_sendTransaction` answers with the Safe transaction hash
 * (`safeTxHash`), not a chain hash: the Safe's owners confirm and execute it. A receipt asked for
 * a Safe transaction hash is the receipt of the transaction that executed it, once there is one.
 * Reads go through the parent's RPC.
 */
export function createSafeProvider(channel: SafeChannel, info: SafeInfo): Eip1193Provider {
  const safe = info.safeAddress.toLowerCase()
  const ask = async (method: Parameters<SafeChannel['request']>[0], params: unknown) => {
    try {
      return await channel.request(method, params)
    } catch (error) {
      if (error instanceof SafeRequestFailed && /reject/i.test(error.message))
        throw new UserRejectedRequestError(error)
      throw toProviderError({ code: -32603, message: (error as Error).message })
    }
  }
  const own = (address: unknown) => {
    if (typeof address !== 'string' || address.toLowerCase() !== safe)
      throw new UnauthorizedProviderError(new Error('Only the Safe can sign here.'))
  }
  const signature = (answer: unknown) => {
    const value = (answer as { signature?: unknown } | null)?.signature
    return typeof value === 'string' && isHex(value) ? value : '0x'
  }
  // A chain hash for a Safe transaction hash, once the Safe executed it.
  const chainHash = async (hash: unknown) =>
    typeof hash === 'string'
      ? ((await executedHash(channel, hash).catch(() => undefined)) ?? hash)
      : hash

  async function request({ method, params }: { method: string; params?: unknown }) {
    const p = (Array.isArray(params) ? params : []) as Params
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [info.safeAddress]
      case 'eth_chainId':
        return numberToHex(info.chainId)
      case 'net_version':
        return String(info.chainId)
      case 'eth_blockNumber': {
        const block = (await ask('rpcCall', {
          call: 'eth_getBlockByNumber',
          params: ['latest', false],
        })) as { number?: unknown } | null
        return block?.number
      }
      case 'eth_sendTransaction': {
        const tx = (p[0] ?? {}) as Record<string, unknown>
        if (tx.from !== undefined) own(tx.from)
        if (typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to))
          throw new WalletRequestError(
            new Error('A Safe transaction needs a "to" address.'),
            -32602,
          )
        const data = typeof tx.data === 'string' && isHex(tx.data) ? tx.data : '0x'
        const gas =
          typeof tx.gas === 'string' && isHex(tx.gas) ? Number(hexToBigInt(tx.gas)) : tx.gas
        const answer = (await ask('sendTransactions', {
          txs: [{ to: tx.to, value: decimal(tx.value), data }],
          params: typeof gas === 'number' ? { safeTxGas: gas } : undefined,
        })) as { safeTxHash?: unknown } | null
        const hash = answer?.safeTxHash
        if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
          throw new WalletRequestError(new Error('The Safe returned no transaction hash.'))
        return hash
      }
      case 'personal_sign': {
        own(p[1])
        return signature(await ask('signMessage', { message: p[0] }))
      }
      case 'eth_signTypedData_v4': {
        own(p[0])
        const typedData = typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1]
        return signature(await ask('signTypedMessage', { typedData }))
      }
      case 'eth_getTransactionReceipt':
      case 'eth_getTransactionByHash': {
        const hash = await chainHash(p[0])
        return ask('rpcCall', { call: method, params: [hash] })
      }
      default:
        if (READS.has(method)) return ask('rpcCall', { call: method, params: p })
        throw new UnsupportedProviderMethodError(new Error(`${method} is not available in a Safe.`))
    }
  }

  // The Safe's account and network never change while the app is open in it: no events.
  return { request, on: () => undefined, removeListener: () => undefined }
}
