import { RECEIPT_POLL_INTERVAL_MS, RECEIPT_TIMEOUT_MS } from '../core/constants.js'
import { TransactionReceiptTimeoutError } from '../core/errors/transaction.js'
import type { TransactionReceipt } from '../core/types/adapter.js'
import { pollUntil } from '../core/utils/poll.js'

/**
 * Every namespace's wait for a receipt: `read` at once, then every RECEIPT_POLL_INTERVAL_MS until
 * it gives one; after RECEIPT_TIMEOUT_MS a TransactionReceiptTimeoutError carrying the last
 * failure; the signal's reason when it aborts.
 *
 * @param read - The chain's answer for `hash`: its receipt, or undefined while there is none.
 */
export function pollReceipt(
  hash: string,
  signal: AbortSignal,
  read: () => Promise<TransactionReceipt | undefined>,
): Promise<TransactionReceipt> {
  return pollUntil(read, {
    signal,
    intervalMs: RECEIPT_POLL_INTERVAL_MS,
    timeoutMs: RECEIPT_TIMEOUT_MS,
    onTimeout: (last) =>
      new TransactionReceiptTimeoutError({ hash, timeoutMs: RECEIPT_TIMEOUT_MS, cause: last }),
  })
}
