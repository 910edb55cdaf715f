import { isAddress, isHex, type LocalAccount, type SignableMessage } from 'viem'
import { fail } from './errors.js'

/** `personal_sign` parameters in either order ([message, address] or the older [address, message]). */
export function personalSignParams(params: readonly unknown[]): {
  address: unknown
  message: SignableMessage
} {
  const swapped =
    isAddress(String(params[0]), { strict: false }) &&
    !isAddress(String(params[1]), { strict: false })
  const [message, address] = swapped ? [params[1], params[0]] : [params[0], params[1]]
  if (typeof message !== 'string') fail(-32602, 'Invalid message parameter: expected a string')
  // Hex is signed as bytes, anything else as UTF-8 text, as wallets do.
  return { address, message: isHex(message) ? { raw: message } : message }
}

/** Signs an `eth_signTypedData_v4` payload (a JSON string or an object). */
export async function signTypedDataV4(account: LocalAccount, payload: unknown): Promise<string> {
  try {
    const typed = typeof payload === 'string' ? JSON.parse(payload) : payload
    return await account.signTypedData(typed as Parameters<LocalAccount['signTypedData']>[0])
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    fail(-32602, `Invalid typed data: ${reason}`)
  }
}
