import {
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type TypedDataDefinition,
} from 'viem'
import type { HDAccount } from 'viem/accounts'
import { WalletRpcError } from './errors'

/** The eip155 methods the wallet answers itself. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
] as const

/** The eip155 events the wallet emits. */
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** What an eip155 request needs from the wallet. */
export interface Eip155Context {
  /** The active account. */
  account: HDAccount
  /** The JSON-RPC URL of a configured chain, or undefined. */
  rpcUrl(chainId: number): string | undefined
  /** Tells the dapp about a chain switch (emits `chainChanged`). */
  switchChain(chainId: number): Promise<void>
}

/**
 * Answers one eip155 request by signing with the active account or sending through the chain's RPC.
 * @param chainId The chain the dapp addressed the request to.
 * @throws {WalletRpcError} 4100 for another address, 4200 for an unknown method, 4902 for an unknown chain, -32602 for bad params.
 */
export async function handleEip155(
  ctx: Eip155Context,
  method: string,
  params: unknown,
  chainId: number,
): Promise<unknown> {
  const args = Array.isArray(params) ? (params as unknown[]) : []
  const { account } = ctx
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [account.address]
    case 'eth_chainId':
      return `0x${chainId.toString(16)}`
    case 'personal_sign': {
      const [message, address] = args
      if (typeof message !== 'string') throw new WalletRpcError(-32602)
      assertOwn(account, address)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = args
      assertOwn(account, address)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & {
        types: Record<string, unknown>
      }
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ ...typed, types } as TypedDataDefinition)
    }
    case 'eth_sendTransaction':
      return sendTransaction(ctx, args[0], chainId)
    case 'wallet_switchEthereumChain': {
      const target = (args[0] as { chainId?: unknown } | undefined)?.chainId
      if (typeof target !== 'string' || !isHex(target)) throw new WalletRpcError(-32602)
      const next = hexToNumber(target)
      if (!ctx.rpcUrl(next)) throw new WalletRpcError(4902)
      await ctx.switchChain(next)
      return null
    }
    default:
      throw new WalletRpcError(4200)
  }
}

interface TransactionParams {
  from?: string
  to?: Hex
  value?: Hex
  data?: Hex
  gas?: Hex
  nonce?: Hex
}

async function sendTransaction(ctx: Eip155Context, raw: unknown, chainId: number): Promise<Hex> {
  if (typeof raw !== 'object' || raw === null) throw new WalletRpcError(-32602)
  const tx = raw as TransactionParams
  assertOwn(ctx.account, tx.from ?? ctx.account.address)
  const url = ctx.rpcUrl(chainId)
  if (!url) throw new WalletRpcError(4901)
  const client = createWalletClient({ account: ctx.account, transport: http(url) })
  return client.sendTransaction({
    chain: null,
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.value ? { value: hexToBigInt(tx.value) } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    ...(tx.gas ? { gas: hexToBigInt(tx.gas) } : {}),
    ...(tx.nonce ? { nonce: hexToNumber(tx.nonce) } : {}),
  })
}

function assertOwn(account: HDAccount, address: unknown): void {
  if (
    typeof address !== 'string' ||
    !isAddress(address, { strict: false }) ||
    !isAddressEqual(address, account.address)
  ) {
    throw new WalletRpcError(4100)
  }
}
