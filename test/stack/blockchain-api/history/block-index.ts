import type { Address, Hex } from 'viem'
import { rpc, rpcBatch } from '../../chain/rpc.js'

/** A log as the indexer keeps it. */
export interface IndexedLog {
  address: Address
  topics: Hex[]
  data: Hex
}

/** A mined transaction with its block time, status and logs. */
export interface IndexedTransaction {
  hash: Hex
  blockNumber: number
  /** Position in its block. */
  index: number
  /** Unix seconds: the block's timestamp. */
  timestamp: number
  from: Address
  to: Address | null
  value: bigint
  input: Hex
  nonce: number
  success: boolean
  contractAddress: Address | null
  logs: IndexedLog[]
}

type RpcBlock = {
  number: Hex
  hash: Hex
  timestamp: Hex
  transactions: {
    hash: Hex
    from: Address
    to: Address | null
    value: Hex
    input: Hex
    nonce: Hex
    transactionIndex: Hex
  }[]
}
type RpcReceipt = {
  transactionHash: Hex
  status: Hex
  contractAddress: Address | null
  logs: { address: Address; topics: Hex[]; data: Hex }[]
}

/** Blocks fetched per JSON-RPC batch. */
const BATCH_BLOCKS = 50

/**
 * Every transaction of one chain, read block by block from its node (full blocks and their
 * receipts), kept in memory and brought up to date before each answer. A chain that went back
 * (`evm_revert`, a reset) is noticed by the hash of the last block read, and read again from 0.
 */
export function createBlockIndex(rpcUrl: string, options: { onReset?: () => void } = {}) {
  let transactions: IndexedTransaction[] = []
  /** Number and hash of the last block read; -1 before the first. */
  let head = { number: -1, hash: '0x' as Hex }
  let syncing: Promise<void> | undefined

  async function sync(): Promise<void> {
    const [latestHex, known] = await rpcBatch<Hex | RpcBlock | null>(rpcUrl, [
      { method: 'eth_blockNumber' },
      {
        method: 'eth_getBlockByNumber',
        params: [`0x${Math.max(head.number, 0).toString(16)}`, false],
      },
    ])
    const latest = Number(latestHex as Hex)
    if (head.number >= 0 && (known as RpcBlock | null)?.hash !== head.hash) {
      transactions = []
      head = { number: -1, hash: '0x' }
      options.onReset?.()
    }
    for (let from = head.number + 1; from <= latest; from += BATCH_BLOCKS) {
      const numbers: string[] = []
      for (let n = from; n <= Math.min(latest, from + BATCH_BLOCKS - 1); n++)
        numbers.push(`0x${n.toString(16)}`)
      const answers = await rpcBatch<RpcBlock | RpcReceipt[]>(
        rpcUrl,
        numbers.flatMap((n) => [
          { method: 'eth_getBlockByNumber', params: [n, true] },
          { method: 'eth_getBlockReceipts', params: [n] },
        ]),
      )
      for (let i = 0; i < answers.length; i += 2) {
        const block = answers[i] as RpcBlock | null
        const list = answers[i + 1] as RpcReceipt[] | null
        // Automine can report a block before the block or its receipts are readable (a loaded
        // machine): stop there, and read it again on the next update.
        if (!block || !list || list.length !== block.transactions.length) return
        const receipts = new Map(list.map((r) => [r.transactionHash, r]))
        const timestamp = Number(block.timestamp)
        for (const tx of block.transactions) {
          const receipt = receipts.get(tx.hash) as RpcReceipt
          transactions.push({
            hash: tx.hash,
            blockNumber: Number(block.number),
            index: Number(tx.transactionIndex),
            timestamp,
            from: tx.from,
            to: tx.to,
            value: BigInt(tx.value),
            input: tx.input,
            nonce: Number(tx.nonce),
            success: receipt.status === '0x1',
            contractAddress: receipt.contractAddress ?? null,
            logs: receipt.logs.map((l) => ({
              address: l.address,
              topics: l.topics,
              data: l.data,
            })),
          })
        }
        head = { number: Number(block.number), hash: block.hash }
      }
    }
  }

  return {
    /** Reads the blocks mined since the last call; concurrent callers share one read. */
    async update(): Promise<readonly IndexedTransaction[]> {
      syncing ??= sync().finally(() => {
        syncing = undefined
      })
      await syncing
      return transactions
    },
    /** The chain's latest block time, in Unix seconds. */
    async now(): Promise<number> {
      const block = await rpc<{ timestamp: Hex }>(rpcUrl, 'eth_getBlockByNumber', ['latest', false])
      return Number(block.timestamp)
    },
  }
}

/** The transaction index of one chain. */
export type BlockIndex = ReturnType<typeof createBlockIndex>
