import { rpcCall } from '../chain/rpc.js'
import { fail } from './errors.js'

/** A chain the wallet can use: configured at creation or added by the dapp. */
export interface WalletChain {
  chainId: number
  rpcUrl: string
  /** Name given by `wallet_addEthereumChain`. */
  chainName?: string
}

/** Parses a `chainId` request field: a 0x-prefixed hex string without leading zeros. */
export function chainIdParam(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(value)) {
    fail(
      -32602,
      `Expected a 0x-prefixed hex chain ID without leading zeros, received: ${JSON.stringify(value)}`,
    )
  }
  const id = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(id)) fail(-32602, `Chain ID ${value} is too large`)
  return id
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Validates a `wallet_addEthereumChain` parameter. Only local RPC URLs are accepted (nothing else
 * is reachable), and — as wallets do — the RPC must answer the requested chain id.
 */
export async function addEthereumChain(
  param: unknown,
  configured: readonly WalletChain[],
): Promise<WalletChain> {
  if (typeof param !== 'object' || param === null)
    fail(-32602, 'Expected a chain description object')
  const {
    chainId: rawId,
    rpcUrls,
    chainName,
  } = param as { chainId?: unknown; rpcUrls?: unknown; chainName?: unknown }
  const chainId = chainIdParam(rawId)
  if (
    !Array.isArray(rpcUrls) ||
    rpcUrls.length === 0 ||
    !rpcUrls.every((u) => typeof u === 'string')
  ) {
    fail(-32602, 'Expected rpcUrls to be a non-empty array of URLs')
  }
  const name = typeof chainName === 'string' ? { chainName } : {}
  const known = configured.find((c) => c.chainId === chainId && rpcUrls.includes(c.rpcUrl))
  if (known) return { ...known, ...name }
  const rpcUrl = (rpcUrls as string[]).find((u) => {
    try {
      const url = new URL(u)
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname)
      )
    } catch {
      return false
    }
  })
  if (!rpcUrl) fail(-32602, 'The Devnet Wallet only adds chains whose RPC URL is on 127.0.0.1')
  const answer = await rpcCall(rpcUrl, 'eth_chainId')
  if ('error' in answer) fail(-32603, `Request for method 'eth_chainId' on ${rpcUrl} failed`)
  if (Number(answer.result) !== chainId) {
    fail(
      -32602,
      `Chain ID returned by RPC URL ${rpcUrl} (${String(answer.result)}) does not match 0x${chainId.toString(16)}`,
    )
  }
  return { chainId, rpcUrl, ...name }
}
