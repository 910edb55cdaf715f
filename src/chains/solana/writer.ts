import { getBase64Decoder } from '@solana/web3.js'
import { WalletKitError } from '../../core/errors/base.js'
import { toProviderError } from '../../core/errors/rpc.js'
import {
  FeeEstimateError,
  InvalidTransactionHashError,
  UnsupportedTransferError,
} from '../../core/errors/transaction.js'
import type { ChainWriter, WriteContext } from '../../core/types/adapter.js'
import { isSolanaWalletProvider } from '../../core/types/provider.js'
import type { RpcRequest } from '../../core/types/services.js'
import { interceptMethod } from '../../core/utils/intercept.js'
import { pollReceipt } from '../receipt.js'
import { transferMessage, unsignedTransaction } from './transfer.js'

/** The base fee of one signature, when the node cannot tell (`getFeeForMessage`). */
export const LAMPORTS_PER_SIGNATURE = 5000n

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
const BLOCKHASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** `{ context, value }`'s value of a Solana JSON-RPC answer. */
const resultValue = (answer: unknown) => (answer as { value?: unknown } | null)?.value

/** A lamport count of an answer (a safe integer, or a decimal string). */
function lamports(value: unknown, what: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  throw new Error(`${what} is not a lamport count`)
}

/**
 * The solana write side: SOL transfers built here (the System Program's transfer, legacy
 * format), signed and sent by the Wallet Standard wallet (`signAndSendTransaction`, which falls
 * back to signing and the network's RPC), fees, balances and signature statuses from the network's
 * RPC. SPL tokens are not sent yet.
 */
export function createSolanaWriter(parameters: { rpc: RpcRequest }): ChainWriter {
  const { rpc } = parameters
  const urlOf = (context: WriteContext): string => {
    const url = context.network.rpcUrl
    if (!url)
      throw new UnsupportedTransferError({
        reason: `${context.network.caipNetworkId} has no RPC url`,
      })
    return url
  }
  const balance = async (url: string, owner: string) =>
    lamports(
      resultValue(await rpc(url, 'getBalance', [owner, { commitment: 'confirmed' }])),
      'balance',
    )
  const noToken = (token: string | undefined) => {
    if (token) throw new UnsupportedTransferError({ reason: 'SPL tokens cannot be sent yet' })
  }

  return {
    canSend: (context) =>
      isSolanaWalletProvider(context.provider) && context.network.rpcUrl !== undefined,

    async prepareTransfer(transfer, context) {
      noToken(transfer.token)
      const url = urlOf(context)
      try {
        const max = transfer.amount === 'max'
        const [latest, held] = await Promise.all([
          rpc(url, 'getLatestBlockhash', [{ commitment: 'confirmed' }]),
          max ? balance(url, transfer.from) : Promise.resolve(0n),
        ])
        const blockhash = (resultValue(latest) as { blockhash?: unknown } | undefined)?.blockhash
        if (typeof blockhash !== 'string' || !BLOCKHASH.test(blockhash))
          throw new Error('the node returned no blockhash')
        const build = (amount: bigint) =>
          transferMessage({ from: transfer.from, to: transfer.to, lamports: amount, blockhash })
        const probe = build(max ? 0n : (transfer.amount as bigint))
        const fee = await rpc(url, 'getFeeForMessage', [
          getBase64Decoder().decode(probe),
          { commitment: 'confirmed' },
        ]).then(
          (answer) => lamports(resultValue(answer), 'fee'),
          () => LAMPORTS_PER_SIGNATURE,
        )
        const amount = max ? (held > fee ? held - fee : 0n) : (transfer.amount as bigint)
        const message = max ? build(amount) : probe
        return {
          namespace: 'solana',
          from: transfer.from,
          transaction: unsignedTransaction(message),
          fee,
          amount,
        }
      } catch (error) {
        throw new FeeEstimateError({ cause: error })
      }
    },

    async sendTransaction(transaction, context) {
      const { provider } = context
      if (transaction.namespace !== 'solana' || !isSolanaWalletProvider(provider))
        throw new UnsupportedTransferError({ reason: 'no Solana wallet is connected' })
      let signature: unknown
      try {
        signature = await provider.signAndSendTransaction(transaction.transaction)
      } catch (error) {
        throw error instanceof WalletKitError ? error : toProviderError(error)
      }
      if (typeof signature !== 'string' || !SIGNATURE.test(signature))
        throw new InvalidTransactionHashError({ value: signature })
      return signature
    },

    waitForReceipt(hash, context) {
      const url = urlOf(context)
      return pollReceipt(hash, context.signal, async () => {
        const answer = await rpc(url, 'getSignatureStatuses', [
          [hash],
          { searchTransactionHistory: true },
        ])
        const status = (resultValue(answer) as unknown[] | undefined)?.[0] as
          | { err?: unknown; confirmationStatus?: unknown }
          | null
          | undefined
        if (!status || status.confirmationStatus === 'processed') return undefined
        return {
          hash,
          status: status.err === null || status.err === undefined ? 'success' : 'reverted',
        } as const
      })
    },

    watchHostSends(provider, onSent) {
      if (!isSolanaWalletProvider(provider)) return provider
      const send = (...args: Parameters<typeof provider.signAndSendTransaction>) =>
        provider.signAndSendTransaction(...args).then((signature) => {
          if (typeof signature === 'string' && SIGNATURE.test(signature))
            onSent(signature, provider.caipNetworkId)
          return signature
        })
      return interceptMethod(provider, 'signAndSendTransaction', send)
    },

    async getBalance(owner, token, context) {
      noToken(token)
      return balance(urlOf(context), owner)
    },
  }
}
