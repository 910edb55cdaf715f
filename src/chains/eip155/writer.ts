import { getAddress, numberToHex, type RpcTransactionRequest, stringToHex } from 'viem'
import { WalletKitError } from '../../core/errors/base.js'
import {
  SignatureDeclinedError,
  toProviderError,
  UserRejectedRequestError,
} from '../../core/errors/rpc.js'
import {
  FeeEstimateError,
  InvalidTransactionHashError,
  UnsupportedTransferError,
  WalletNetworkMismatchError,
} from '../../core/errors/transaction.js'
import type {
  ChainWriter,
  Eip155Call,
  Eip155TransactionRequest,
  PreparedTransaction,
  WriteContext,
} from '../../core/types/adapter.js'
import { isEip1193Provider } from '../../core/types/provider.js'
import type { RpcRequest } from '../../core/types/services.js'
import { parseChainId } from '../../core/utils/chain-id.js'
import { interceptMethod } from '../../core/utils/intercept.js'
import { pollReceipt } from '../receipt.js'
import { decodeUint256, encodeAllowance, encodeBalanceOf, encodeTransfer } from './erc20.js'
import { createReader, type Eip155Read, quantity } from './reader.js'

type Hex = `0x${string}`
type FeeFields = Pick<
  Eip155TransactionRequest,
  'maxFeePerGas' | 'maxPriorityFeePerGas' | 'gasPrice'
>

const HASH = /^0x[0-9a-fA-F]{64}$/
/** The requests by which a host sends a transaction; each answers its hash. */
const SENDS = new Set<unknown>(['eth_sendTransaction', 'eth_sendRawTransaction'])

/**
 * Fee fields for the next block: EIP-1559 with twice the base fee (a few blocks of headroom; only
 * what is used is paid) plus the node's priority fee, or the legacy gas price on a network without
 * a base fee. `perGas` is the most one unit of gas can cost.
 */
async function feesOf(read: Eip155Read): Promise<{ fields: FeeFields; perGas: bigint }> {
  const block = await read({ method: 'eth_getBlockByNumber', params: ['latest', false] })
  const base = (block as { baseFeePerGas?: unknown } | null)?.baseFeePerGas
  const gasPrice = async () => quantity(await read({ method: 'eth_gasPrice' }), 'gas price')
  if (base === undefined || base === null) {
    const price = await gasPrice()
    return { fields: { gasPrice: price }, perGas: price }
  }
  const baseFee = quantity(base, 'base fee')
  let tip: bigint
  try {
    tip = quantity(await read({ method: 'eth_maxPriorityFeePerGas' }), 'priority fee')
  } catch {
    const price = await gasPrice()
    tip = price > baseFee ? price - baseFee : 0n
  }
  const maxFeePerGas = baseFee * 2n + tip
  return { fields: { maxFeePerGas, maxPriorityFeePerGas: tip }, perGas: maxFeePerGas }
}

async function estimateGas(read: Eip155Read, call: Eip155Call): Promise<bigint> {
  const answer = await read({
    method: 'eth_estimateGas',
    params: [
      {
        from: call.from,
        to: call.to,
        value: numberToHex(call.value ?? 0n),
        ...(call.data ? { data: call.data } : {}),
      },
    ],
  })
  return quantity(answer, 'gas estimate')
}

async function balanceOf(read: Eip155Read, owner: Hex, token: Hex | undefined): Promise<bigint> {
  if (!token)
    return quantity(await read({ method: 'eth_getBalance', params: [owner, 'latest'] }), 'balance')
  const answer = await read({
    method: 'eth_call',
    params: [{ to: token, data: encodeBalanceOf(owner) }, 'latest'],
  })
  return decodeUint256(answer)
}

/** Runs an estimate; anything but an unsupported transfer becomes a FeeEstimateError. */
async function estimating<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof UnsupportedTransferError) throw error
    throw new FeeEstimateError({ cause: error })
  }
}

/**
 * The eip155 write side: reads (gas, fees, balances, allowances, receipts) go to the network's RPC,
 * or the wallet's provider when the site gave no url; sends go through the connected EIP-1193
 * provider, whatever the connector, with the network's `chainId` so a wallet on another chain
 * refuses instead of sending there.
 */
export function createEip155Writer(parameters: { rpc: RpcRequest }): ChainWriter {
  const reader = (context: WriteContext) => createReader(parameters.rpc, context)

  function prepared(request: Eip155TransactionRequest, perGas: bigint, amount: bigint) {
    return { namespace: 'eip155', request, fee: request.gas * perGas, amount } as const
  }

  return {
    canSend: (context) => isEip1193Provider(context.provider),

    read: (method, params, context) => reader(context)({ method, params } as never),

    prepareTransfer(transfer, context) {
      return estimating(async () => {
        const read = reader(context)
        const from = getAddress(transfer.from)
        const to = getAddress(transfer.to)
        if (transfer.token) {
          const token = getAddress(transfer.token)
          const amount =
            transfer.amount === 'max' ? await balanceOf(read, from, token) : transfer.amount
          // The estimate moves at least one unit: a zero transfer may take another path.
          const probe = { from, to: token, data: encodeTransfer(to, amount > 0n ? amount : 1n) }
          const [gas, fees] = await Promise.all([estimateGas(read, probe), feesOf(read)])
          const data = encodeTransfer(to, amount)
          return prepared(
            { from, to: token, value: 0n, data, gas, ...fees.fields },
            fees.perGas,
            amount,
          )
        }
        const max = transfer.amount === 'max'
        const [gas, fees, balance] = await Promise.all([
          estimateGas(read, { from, to, value: max ? 0n : (transfer.amount as bigint) }),
          feesOf(read),
          max ? balanceOf(read, from, undefined) : Promise.resolve(0n),
        ])
        const fee = gas * fees.perGas
        const amount = max ? (balance > fee ? balance - fee : 0n) : (transfer.amount as bigint)
        return prepared({ from, to, value: amount, gas, ...fees.fields }, fees.perGas, amount)
      })
    },

    prepareCall(call, context) {
      return estimating(async () => {
        const read = reader(context)
        const [gas, fees] = await Promise.all([call.gas ?? estimateGas(read, call), feesOf(read)])
        const value = call.value ?? 0n
        return prepared({ ...call, value, gas, ...fees.fields }, fees.perGas, value)
      })
    },

    async sendTransaction(transaction: PreparedTransaction, context) {
      if (transaction.namespace !== 'eip155')
        throw new UnsupportedTransferError({ reason: 'not an eip155 transaction' })
      const { provider } = context
      if (!isEip1193Provider(provider))
        throw new UnsupportedTransferError({ reason: 'no EIP-1193 provider is connected' })
      const r = transaction.request
      const chainId = numberToHex(Number(context.network.reference))
      let hash: unknown
      try {
        // The wallet must be on the network the transaction was prepared for (viem asks too).
        const current = parseChainId(await provider.request({ method: 'eth_chainId' }))
        if (current !== undefined && numberToHex(current) !== chainId)
          throw new WalletNetworkMismatchError({
            expected: context.network.caipNetworkId,
            actual: `eip155:${current}`,
          })
        // `chainId` is not in viem's request type, but wallets check it: a wallet that moved to
        // another network refuses rather than sending there.
        const base = {
          from: r.from,
          to: r.to,
          value: numberToHex(r.value),
          gas: numberToHex(r.gas),
          ...(r.data ? { data: r.data } : {}),
          chainId,
        }
        const transaction: RpcTransactionRequest =
          r.gasPrice !== undefined
            ? { ...base, gasPrice: numberToHex(r.gasPrice) }
            : {
                ...base,
                maxFeePerGas: numberToHex(r.maxFeePerGas ?? 0n),
                maxPriorityFeePerGas: numberToHex(r.maxPriorityFeePerGas ?? 0n),
              }
        hash = await provider.request({ method: 'eth_sendTransaction', params: [transaction] })
      } catch (error) {
        throw error instanceof WalletKitError ? error : toProviderError(error)
      }
      if (typeof hash !== 'string' || !HASH.test(hash))
        throw new InvalidTransactionHashError({ value: hash })
      return hash
    },

    waitForReceipt(hash, context) {
      const read = reader(context)
      return pollReceipt(hash, context.signal, async () => {
        const receipt = await read({
          method: 'eth_getTransactionReceipt',
          params: [hash as Hex],
        })
        if (receipt === null || receipt === undefined) return undefined
        const { status, transactionHash } = receipt as {
          status?: unknown
          transactionHash?: unknown
        }
        return {
          hash:
            typeof transactionHash === 'string' && HASH.test(transactionHash)
              ? transactionHash
              : hash,
          // Only a failure says 0x0 (receipts older than Byzantium carry no status).
          status: status === '0x0' ? ('reverted' as const) : ('success' as const),
        }
      })
    },

    watchHostSends(provider, onSent) {
      if (!isEip1193Provider(provider)) return provider
      const request = (...args: Parameters<typeof provider.request>) =>
        provider.request(...args).then((result) => {
          if (SENDS.has(args[0]?.method) && typeof result === 'string' && HASH.test(result))
            onSent(result)
          return result
        })
      return interceptMethod(provider, 'request', request)
    },

    async signMessage(message, from, context) {
      const { provider } = context
      if (!isEip1193Provider(provider))
        throw new UnsupportedTransferError({ reason: 'no EIP-1193 provider is connected' })
      let signature: unknown
      try {
        signature = await provider.request({
          method: 'personal_sign',
          params: [stringToHex(message), getAddress(from)],
        })
      } catch (error) {
        const converted = toProviderError(error)
        throw converted instanceof UserRejectedRequestError
          ? new SignatureDeclinedError(error)
          : converted
      }
      // An EOA's signature is 65 bytes; a contract account's (EIP-1271) may be any length.
      if (typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature))
        throw toProviderError({
          code: -32603,
          message: 'The wallet returned an invalid signature.',
        })
      return signature as `0x${string}`
    },

    getBalance(owner, token, context) {
      return balanceOf(reader(context), getAddress(owner), token ? getAddress(token) : undefined)
    },

    async getAllowance(owner, token, spender, context) {
      const answer = await reader(context)({
        method: 'eth_call',
        params: [
          { to: getAddress(token), data: encodeAllowance(getAddress(owner), getAddress(spender)) },
          'latest',
        ],
      })
      return decodeUint256(answer)
    },
  }
}
