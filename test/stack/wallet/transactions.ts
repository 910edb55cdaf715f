import { type Address, type Hex, hexToBigInt, isAddress, isHex, type LocalAccount } from 'viem'
import { type RpcOutcome, rpcCall } from '../chain/rpc.js'
import { fail, WalletRequestError } from './errors.js'

/** An `eth_sendTransaction` parameter as dapps send it (hex quantities). */
export interface TransactionRequest {
  from?: string
  to?: string | null
  value?: string
  data?: string
  input?: string
  gas?: string
  gasLimit?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  nonce?: string
  chainId?: string
  type?: string
  accessList?: { address: Address; storageKeys: Hex[] }[]
}

function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value))
    fail(-32602, `Invalid ${field}: expected a hex quantity`)
  return hexToBigInt(value)
}

/** The node's result, or its error passed on unchanged (revert reasons and data included). */
async function node<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const outcome: RpcOutcome = await rpcCall(rpcUrl, method, params)
  if ('error' in outcome) throw new WalletRequestError(outcome.error)
  return outcome.result as T
}

/**
 * Fills what the dapp left out (nonce, gas, fees) — keeping every field it did set — signs with
 * `account` and broadcasts. Returns the transaction hash.
 */
export async function sendTransaction(
  account: LocalAccount,
  chain: { chainId: number; rpcUrl: string },
  request: TransactionRequest,
): Promise<Hex> {
  const { rpcUrl, chainId } = chain
  const to = request.to ?? undefined
  if (to !== undefined && !isAddress(to, { strict: false }))
    fail(-32602, 'Invalid to: expected an address')
  const data = (request.data ?? request.input) as Hex | undefined
  if (data !== undefined && !isHex(data)) fail(-32602, 'Invalid data: expected hex bytes')
  const value = quantity(request.value, 'value') ?? 0n
  const requestedChain = quantity(request.chainId, 'chainId')
  if (requestedChain !== undefined && requestedChain !== BigInt(chainId)) {
    fail(-32602, `Invalid chainId ${request.chainId}: the wallet is on 0x${chainId.toString(16)}`)
  }
  const call = {
    from: account.address,
    ...(to && { to }),
    ...(data && { data }),
    value: `0x${value.toString(16)}`,
  }

  const nonce =
    quantity(request.nonce, 'nonce') ??
    hexToBigInt(await node<Hex>(rpcUrl, 'eth_getTransactionCount', [account.address, 'pending']))
  const gas =
    quantity(request.gas ?? request.gasLimit, 'gas') ??
    hexToBigInt(await node<Hex>(rpcUrl, 'eth_estimateGas', [call]))
  const gasPrice = quantity(request.gasPrice, 'gasPrice')
  let maxFeePerGas = quantity(request.maxFeePerGas, 'maxFeePerGas')
  let maxPriorityFeePerGas = quantity(request.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  const legacy = request.type === '0x0' || (gasPrice !== undefined && maxFeePerGas === undefined)

  const base = {
    chainId,
    nonce: Number(nonce),
    gas,
    value,
    ...(to && { to: to as Address }),
    ...(data && { data }),
  }
  let serialized: Hex
  if (legacy) {
    const price = gasPrice ?? hexToBigInt(await node<Hex>(rpcUrl, 'eth_gasPrice', []))
    serialized = await account.signTransaction({ ...base, type: 'legacy', gasPrice: price })
  } else {
    if (maxPriorityFeePerGas === undefined) {
      maxPriorityFeePerGas = hexToBigInt(await node<Hex>(rpcUrl, 'eth_maxPriorityFeePerGas', []))
    }
    if (maxFeePerGas === undefined) {
      const block = await node<{ baseFeePerGas?: Hex }>(rpcUrl, 'eth_getBlockByNumber', [
        'latest',
        false,
      ])
      maxFeePerGas = hexToBigInt(block.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas
    }
    serialized = await account.signTransaction({
      ...base,
      type: 'eip1559',
      maxFeePerGas,
      maxPriorityFeePerGas,
      ...(request.accessList && { accessList: request.accessList }),
    })
  }
  return node<Hex>(rpcUrl, 'eth_sendRawTransaction', [serialized])
}
