import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type Transaction,
} from '@solana/kit'
import { Clock, FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { SOLANA_FUNDED_ACCOUNTS, SOLANA_START_LAMPORTS, solanaTestAccount } from './accounts.js'

/** The CAIP-2 id the local Solana chain is served as (the Wallet Standard's `solana:localnet`). */
export const SOLANA_LOCALNET = 'solana:localnet'

/** Genesis hash the stand-in reports (litesvm has no genesis block of its own). */
export const SOLANA_LOCALNET_GENESIS = 'LocaLnet111111111111111111111111111111111111'

/** What executing a transaction did. */
export interface SolanaExecution {
  /** Base58 signature (the first signature of the transaction). */
  signature: string
  /** null on success, else the SVM's error as text. */
  err: string | null
  logs: string[]
  unitsConsumed: bigint
}

/** One executed transaction as `getSignatureStatuses` reports it. */
export interface SolanaSignatureStatus {
  slot: number
  err: string | null
}

/** A SOL transfer (System Program `Transfer`) inside an executed transaction. */
export interface SolanaTransfer {
  from: string
  to: string
  lamports: bigint
}

/** An executed transaction as an indexer remembers it. */
export interface SolanaRecord {
  signature: string
  slot: number
  /** Unix seconds of the chain's clock when it ran. */
  blockTime: number
  err: string | null
  /** The fee payer (first account key). */
  feePayer: string
  /** Its SOL transfers (none when it failed). */
  transfers: SolanaTransfer[]
}

/** The local Solana chain: litesvm plus what a node remembers (signature statuses). */
export interface SolanaChain {
  readonly svm: LiteSVM
  /** CAIP-2 id, {@link SOLANA_LOCALNET}. */
  readonly caipNetworkId: string
  /** Lamports of `address` (0 for an unknown account). */
  balance(address: string): bigint
  /** Gives `address` lamports; returns the airdrop's base58 signature. */
  airdrop(address: string, amount: bigint): string
  /** Decodes wire bytes; throws on malformed input. */
  decode(wire: Uint8Array): Transaction
  /** Executes a transaction and records its status (failed ones too). */
  execute(transaction: Transaction): SolanaExecution
  /** Runs a transaction without keeping its effects. */
  simulate(transaction: Transaction): Omit<SolanaExecution, 'signature'>
  status(signature: string): SolanaSignatureStatus | null
  slot(): number
  /** Every executed signature, oldest first. */
  readonly executed: readonly string[]
  /** Every executed transaction with its time and SOL transfers, oldest first. */
  readonly records: readonly SolanaRecord[]
  /** The chain's clock, Unix seconds. */
  time(): number
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** System Program instruction index of `Transfer` (u32 little-endian), followed by u64 lamports. */
const SYSTEM_TRANSFER = 2

/** The fee payer and SOL transfers of a transaction, from its compiled message. */
function transfersOf(transaction: Transaction): { feePayer: string; transfers: SolanaTransfer[] } {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  const keys = message.staticAccounts as readonly string[]
  const transfers: SolanaTransfer[] = []
  // Legacy and v0 messages list their instructions; a message of a later version is not read.
  const instructions = 'instructions' in message ? message.instructions : []
  for (const ix of instructions) {
    const data = ix.data
    if (keys[ix.programAddressIndex] !== SYSTEM_PROGRAM || !data || data.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) !== SYSTEM_TRANSFER) continue
    const [from, to] = (ix.accountIndices ?? []).map((i) => keys[i])
    if (from && to) transfers.push({ from, to, lamports: view.getBigUint64(4, true) })
  }
  return { feePayer: keys[0] ?? '', transfers }
}

/**
 * Starts an in-process SVM (litesvm) with accounts 0–3 of {@link solanaTestAccount} funded with
 * 10 SOL each. Signatures are verified and blockhashes checked, as on a real cluster.
 */
export async function createSolanaChain(): Promise<SolanaChain> {
  const svm = new LiteSVM()
  for (let i = 0; i < SOLANA_FUNDED_ACCOUNTS; i++) {
    const { address } = await solanaTestAccount(i)
    svm.airdrop(address, lamports(SOLANA_START_LAMPORTS))
  }
  const statuses = new Map<string, SolanaSignatureStatus>()
  const executed: string[] = []
  const records: SolanaRecord[] = []
  // litesvm's clock starts at 1970; like a cluster's, it follows the wall clock from here on.
  const time = () => Number(svm.getClock().unixTimestamp)
  const tick = () => {
    const clock = svm.getClock()
    const now = BigInt(Math.floor(Date.now() / 1000))
    if (clock.unixTimestamp >= now) return
    svm.setClock(
      new Clock(clock.slot, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, now),
    )
  }
  tick()
  const base58 = getBase58Decoder()
  const decoder = getTransactionDecoder()
  const slot = () => Number(svm.getClock().slot)

  const signatureOf = (transaction: Transaction) => {
    const first = Object.values(transaction.signatures)[0]
    return first ? base58.decode(first) : '1'.repeat(64)
  }

  return {
    svm,
    caipNetworkId: SOLANA_LOCALNET,
    balance: (address) => svm.getBalance(address as Address) ?? 0n,
    airdrop(address, amount) {
      const result = svm.airdrop(address as Address, lamports(amount))
      if (!result || result instanceof FailedTransactionMetadata)
        throw new Error(`airdrop failed: ${result ? errorText(result) : 'no result'}`)
      return base58.decode(result.signature())
    },
    decode: (wire) => decoder.decode(wire),
    execute(transaction) {
      tick()
      const signature = signatureOf(transaction)
      const result = svm.sendTransaction(transaction)
      const failed = result instanceof FailedTransactionMetadata
      const meta = failed ? result.meta() : result
      const err = failed ? errorText(result) : null
      // A repeat of a known transaction is rejected without touching its first status.
      if (!statuses.has(signature)) {
        statuses.set(signature, { slot: slot(), err })
        executed.push(signature)
        const { feePayer, transfers } = transfersOf(transaction)
        records.push({
          signature,
          slot: slot(),
          blockTime: time(),
          err,
          feePayer,
          transfers: err === null ? transfers : [],
        })
      }
      return { signature, err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() }
    },
    simulate(transaction) {
      const result = svm.simulateTransaction(transaction)
      const failed = result instanceof FailedTransactionMetadata
      const meta = result.meta()
      return {
        err: failed ? errorText(result) : null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
      }
    },
    status: (signature) => statuses.get(signature) ?? null,
    slot,
    executed,
    records,
    time,
  }
}

/** The SVM's error name, e.g. `InsufficientFundsForFee` or `InstructionError(0, Custom(1))`. */
function errorText(result: FailedTransactionMetadata): string {
  const text = result.toString()
  return /err: (.+?), meta:/.exec(text)?.[1] ?? text
}
