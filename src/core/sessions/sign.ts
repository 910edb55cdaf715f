import { stringToHex } from 'viem'
import { toProviderError } from '../errors/rpc.js'

type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/**
 * Asks an EIP-1193 provider to sign `message` as `address` (`personal_sign`); wallet errors become
 * the kit's provider errors (4001 → UserRejectedRequestError).
 * @throws ProviderRpcError when there is no provider, the wallet refuses, or the answer is no signature.
 */
export async function personalSign(
  provider: unknown,
  message: string,
  address: string,
): Promise<string> {
  if (!provider || typeof (provider as Requester).request !== 'function')
    throw toProviderError({ code: 4100, message: 'No wallet is connected.' })
  let signature: unknown
  try {
    signature = await (provider as Requester).request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })
  } catch (error) {
    throw toProviderError(error)
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{2,}$/.test(signature))
    throw toProviderError({ code: -32603, message: 'The wallet returned an invalid signature.' })
  return signature
}
