import { type Address, type Hex, hashMessage, hashTypedData, isAddress, isHex } from 'viem'
import { rpcCall, testAccount } from '../chain/index.js'
import { executeSafeTransaction, SAFE_OWNER_INDEX, type SafeDeployment } from './account.js'

/** Methods of the Safe Apps protocol the stand-in answers. */
export const SAFE_METHODS = [
  'getSafeInfo',
  'getChainInfo',
  'getEnvironmentInfo',
  'rpcCall',
  'sendTransactions',
  'signMessage',
  'signTypedMessage',
  'getTxBySafeTxHash',
] as const

/** Methods that ask the Safe's owner first (the confirmation screen of the Safe web wallet). */
const NEEDS_APPROVAL = new Set(['sendTransactions', 'signMessage', 'signTypedMessage'])

/** The version the stand-in answers with: the Safe Apps SDK version a Safe web wallet ships. */
export const PARENT_SDK_VERSION = '9.1.0'

/** `getSafeInfo`'s answer for a Safe: one owner, threshold 1. */
export function safeInfoOf(safe: SafeDeployment) {
  return {
    safeAddress: safe.address,
    chainId: safe.chainId,
    threshold: 1,
    owners: [safe.owner],
    isReadOnly: false,
  }
}

/** How the owner answers a request that needs approval. */
export type ApprovalMode = 'auto' | 'reject' | 'manual'

/** What the page asks Node: one protocol request, with the owner's decision when there was one. */
export type ParentCall = {
  /** The app's request id (logged: a test may forge an answer to it). */
  id?: string
  method: string
  params: unknown
  origin: string
  decision?: 'approve' | 'reject'
}

/** Node's answer to the page. */
export type ParentAnswer =
  | { data: unknown }
  | { error: string }
  /** The owner must decide in the page first. */
  | { ask: true }
  /** The parent stays silent (fault switch). */
  | { silent: true }

/** A Safe transaction the stand-in executed. */
export type SafeTransactionRecord = {
  safeTxHash: Hex
  txHash: Hex
  chainId: number
  to: Address
  value: bigint
  data: Hex
  ok: boolean
}

/** Fault switches and logs of the Safe parent. */
export type SafeParentControls = {
  /** How requests that need the owner are answered; default 'auto' (approved at once). */
  approval: ApprovalMode
  /**
   * The parent never answers (a page opened in a frame of something that is not a Safe). The
   * parent page reads it when it loads.
   */
  silent: boolean
  /** Every request the app made, oldest first. */
  readonly calls: ParentCall[]
  /** Transactions executed, oldest first. */
  readonly transactions: SafeTransactionRecord[]
  reset(): void
}

/**
 * The Safe web wallet's side of the Safe Apps protocol, in Node: describes the Safe of the chosen
 * chain, forwards reads to the chain, and for a transaction the owner approved signs the Safe
 * transaction hash and has the SafeAccount contract execute it on anvil, answering with the Safe
 * transaction hash as the Safe web wallet does.
 */
export function createSafeParent(safes: readonly SafeDeployment[]) {
  const calls: ParentCall[] = []
  const transactions: SafeTransactionRecord[] = []
  const controls: SafeParentControls = {
    approval: 'auto',
    silent: false,
    calls,
    transactions,
    reset() {
      controls.approval = 'auto'
      controls.silent = false
      calls.length = 0
      transactions.length = 0
    },
  }
  // One execution at a time: each reads the Safe's nonce.
  let queue: Promise<unknown> = Promise.resolve()

  const safeOn = (chainId: number) => {
    const safe = safes.find((s) => s.chainId === chainId)
    if (!safe) throw new Error(`No Safe on chain ${chainId}`)
    return safe
  }

  async function answer(chainId: number, call: ParentCall): Promise<ParentAnswer> {
    calls.push(call)
    if (controls.silent) return { silent: true }
    const safe = safeOn(chainId)
    if (NEEDS_APPROVAL.has(call.method)) {
      const decision =
        call.decision ??
        (controls.approval === 'auto'
          ? 'approve'
          : controls.approval === 'reject'
            ? 'reject'
            : undefined)
      if (!decision) return { ask: true }
      if (decision === 'reject')
        return {
          error:
            call.method === 'sendTransactions'
              ? 'Transaction was rejected'
              : 'Message signing was rejected',
        }
    }
    try {
      return { data: await run(safe, call) }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }

  async function run(safe: SafeDeployment, call: ParentCall): Promise<unknown> {
    const params = call.params as Record<string, unknown> | undefined
    switch (call.method) {
      case 'getSafeInfo':
        return safeInfoOf(safe)
      case 'getChainInfo':
        return {
          chainName: `Devnet ${safe.chainId}`,
          chainId: String(safe.chainId),
          shortName: `dev${safe.chainId}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
          blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
        }
      case 'getEnvironmentInfo':
        return { origin: call.origin }
      case 'rpcCall': {
        const outcome = await rpcCall(safe.rpcUrl, String(params?.call), params?.params ?? [])
        if ('error' in outcome) throw new Error(outcome.error.message)
        return outcome.result
      }
      case 'sendTransactions':
        return sendTransactions(safe, params)
      case 'signMessage': {
        const message = params?.message
        if (typeof message !== 'string') throw new Error('Invalid message')
        // The SafeAccount accepts its owner's signature of the message hash (EIP-1271).
        const messageHash = hashMessage(isHex(message) ? { raw: message } : message)
        const signature = await testAccount(SAFE_OWNER_INDEX).sign({ hash: messageHash })
        return { messageHash, signature }
      }
      case 'signTypedMessage': {
        const messageHash = hashTypedData(params?.typedData as Parameters<typeof hashTypedData>[0])
        const signature = await testAccount(SAFE_OWNER_INDEX).sign({ hash: messageHash })
        return { messageHash, signature }
      }
      case 'getTxBySafeTxHash': {
        const found = transactions.find((t) => t.safeTxHash === params?.safeTxHash)
        if (!found) throw new Error('Transaction not found')
        return {
          safeAddress: safe.address,
          txId: `multisig_${safe.address}_${found.safeTxHash}`,
          executedAt: Date.now(),
          txStatus: found.ok ? 'SUCCESS' : 'FAILED',
          txHash: found.txHash,
        }
      }
      default:
        throw new Error(`Unknown method ${call.method}`)
    }
  }

  async function sendTransactions(
    safe: SafeDeployment,
    params: Record<string, unknown> | undefined,
  ) {
    const txs = params?.txs
    if (!Array.isArray(txs) || txs.length !== 1)
      throw new Error('The stand-in Safe executes one transaction per request')
    const tx = txs[0] as { to?: unknown; value?: unknown; data?: unknown }
    if (typeof tx.to !== 'string' || !isAddress(tx.to)) throw new Error('Invalid "to" address')
    const value = BigInt(typeof tx.value === 'string' && tx.value !== '' ? tx.value : '0')
    const data = typeof tx.data === 'string' && isHex(tx.data) ? tx.data : '0x'
    const run = queue.then(() =>
      executeSafeTransaction(safe, { to: tx.to as Address, value, data }),
    )
    queue = run.catch(() => undefined)
    const done = await run
    transactions.push({
      safeTxHash: done.safeTxHash,
      txHash: done.txHash,
      chainId: safe.chainId,
      to: tx.to,
      value,
      data,
      ok: done.ok,
    })
    return { safeTxHash: done.safeTxHash }
  }

  return { controls, answer }
}

/** The Safe parent's protocol side. */
export type SafeParent = ReturnType<typeof createSafeParent>
