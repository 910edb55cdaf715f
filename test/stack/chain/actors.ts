import type { Address, Hex, LocalAccount } from 'viem'
import { receiptOf, rpc } from './rpc.js'

/** A transaction a fixture sends: no gas estimate round trip, a fixed limit. */
export interface FixtureTransaction {
  to: Address
  data?: Hex
  value?: bigint
  /** Default 200 000. */
  gas?: bigint
}

/** What a mined fixture transaction left: its hash and status. */
export interface Mined {
  hash: Hex
  status: 'success' | 'reverted'
}

const FEES = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
const hex = (n: bigint) => `0x${n.toString(16)}` as Hex

/** Signs `tx` with `account` (the pending nonce), broadcasts it and waits for its receipt. */
export async function sendAs(
  chain: { chainId: number; rpcUrl: string },
  account: LocalAccount,
  tx: FixtureTransaction,
): Promise<Mined> {
  const nonce = Number(
    await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [account.address, 'pending']),
  )
  const raw = await account.signTransaction({
    chainId: chain.chainId,
    type: 'eip1559',
    nonce,
    to: tx.to,
    data: tx.data ?? '0x',
    value: tx.value ?? 0n,
    gas: tx.gas ?? 200_000n,
    ...FEES,
  })
  const hash = await rpc<Hex>(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
  const receipt = await receiptOf(chain.rpcUrl, hash)
  return { hash, status: receipt.status === '0x1' ? 'success' : 'reverted' }
}

/**
 * Sends `tx` from an address nobody holds the key of (anvil impersonation), after giving it
 * `fund` wei for gas. Used to play an attacker's look-alike address.
 */
export async function sendImpersonated(
  chain: { rpcUrl: string },
  from: Address,
  tx: FixtureTransaction,
  fund = 10n ** 18n,
): Promise<Mined> {
  const { rpcUrl } = chain
  await rpc(rpcUrl, 'anvil_setBalance', [from, hex(fund)])
  await rpc(rpcUrl, 'anvil_impersonateAccount', [from])
  try {
    const hash = await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [
      {
        from,
        to: tx.to,
        data: tx.data ?? '0x',
        value: hex(tx.value ?? 0n),
        gas: hex(tx.gas ?? 200_000n),
        maxFeePerGas: hex(FEES.maxFeePerGas),
        maxPriorityFeePerGas: hex(FEES.maxPriorityFeePerGas),
      },
    ])
    const receipt = await receiptOf(rpcUrl, hash)
    return { hash, status: receipt.status === '0x1' ? 'success' : 'reverted' }
  } finally {
    await rpc(rpcUrl, 'anvil_stopImpersonatingAccount', [from])
  }
}

/**
 * Moves the chain's clock: the next block is mined at `unixSeconds` and later blocks follow from
 * there. Anvil refuses a time before the latest block's.
 */
export async function setNextBlockTime(
  chain: { rpcUrl: string },
  unixSeconds: number,
): Promise<void> {
  await rpc(chain.rpcUrl, 'evm_setNextBlockTimestamp', [unixSeconds])
}

/** The latest block's timestamp, in Unix seconds (the chain's clock). */
export async function chainTime(chain: { rpcUrl: string }): Promise<number> {
  const block = await rpc<{ timestamp: Hex }>(chain.rpcUrl, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  return Number(block.timestamp)
}
