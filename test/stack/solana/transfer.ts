import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** What {@link buildTransfer} needs. */
export interface TransferParameters {
  /** Payer and sender (the wallet's address); its signature is left empty. */
  from: string
  to: string
  lamports: bigint
  /** A recent blockhash (`getLatestBlockhash`). */
  blockhash: string
  lastValidBlockHeight?: bigint
}

/**
 * An unsigned v0 SOL transfer in wire format, as a dapp hands it to a wallet: the sender pays the
 * fee and its signature slot is zero until the wallet signs.
 */
export function buildTransfer(p: TransferParameters): Uint8Array {
  const source = createNoopSigner(p.from as Address)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(p.from as Address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: p.blockhash as Blockhash,
          lastValidBlockHeight: p.lastValidBlockHeight ?? 1_000n,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source, destination: p.to as Address, amount: p.lamports }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
