import {
  type Address,
  getBase58Decoder,
  getTransactionDecoder,
  lamports,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
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
      const signature = signatureOf(transaction)
      const result = svm.sendTransaction(transaction)
      const failed = result instanceof FailedTransactionMetadata
      const meta = failed ? result.meta() : result
      const err = failed ? errorText(result) : null
      // A repeat of a known transaction is rejected without touching its first status.
      if (!statuses.has(signature)) {
        statuses.set(signature, { slot: slot(), err })
        executed.push(signature)
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
  }
}

/** The SVM's error name, e.g. `InsufficientFundsForFee` or `InstructionError(0, Custom(1))`. */
function errorText(result: FailedTransactionMetadata): string {
  const text = result.toString()
  return /err: (.+?), meta:/.exec(text)?.[1] ?? text
}
