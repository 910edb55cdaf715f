import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  numberToHex,
  parseEther,
  parseUnits,
} from 'viem'
import type { ChainDescription } from '../chain/index.js'
import { receiptOf, rpc, testAccount } from '../chain/index.js'
import { artifacts } from '../contracts/index.js'

/**
 * The Safe's owner key: index 10 of the test mnemonic, an account anvil does not fund and no
 * other stand-in uses, so deploying and executing never moves another account's nonce or balance.
 */
export const SAFE_OWNER_INDEX = 10

/** What each Safe holds after the start: ETH and USDC, in human units. */
export const SAFE_FUNDS = { ETH: '10', USDC: '2500' } as const

/** A Safe-like account deployed on one chain. */
export type SafeDeployment = {
  chainId: number
  rpcUrl: string
  address: Address
  owner: Address
}

const GAS = { deploy: 1_500_000n, call: 300_000n, mint: 120_000n }
const FEES = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }

/** Sends one transaction from the owner and waits for its receipt; returns its hash. */
async function sendFromOwner(
  chain: { chainId: number; rpcUrl: string },
  tx: { to?: Address; data: Hex; gas: bigint },
) {
  const owner = testAccount(SAFE_OWNER_INDEX)
  const nonce = Number(
    await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [owner.address, 'pending']),
  )
  const raw = await owner.signTransaction({
    chainId: chain.chainId,
    nonce,
    type: 'eip1559',
    ...FEES,
    ...tx,
  })
  const hash = await rpc<Hex>(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
  const receipt = await receiptOf(chain.rpcUrl, hash)
  return { hash, nonce, ok: receipt.status === '0x1' }
}

/**
 * Deploys a SafeAccount owned by the Safe owner key, funds it with {@link SAFE_FUNDS} (ETH set by
 * anvil, USDC minted) and gives the owner ETH for gas.
 */
export async function deploySafe(chain: ChainDescription): Promise<SafeDeployment> {
  const owner = testAccount(SAFE_OWNER_INDEX).address
  await rpc(chain.rpcUrl, 'anvil_setBalance', [owner, numberToHex(parseEther('100'))])
  const nonce = Number(await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [owner, 'pending']))
  const address = getContractAddress({ from: owner, nonce: BigInt(nonce) })
  const deployed = await sendFromOwner(chain, {
    data: encodeDeployData({ ...artifacts.SafeAccount, args: [owner] }),
    gas: GAS.deploy,
  })
  if (!deployed.ok) throw new Error(`the Safe deployment on chain ${chain.chainId} reverted`)
  await rpc(chain.rpcUrl, 'anvil_setBalance', [address, numberToHex(parseEther(SAFE_FUNDS.ETH))])
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
  if (usdc) {
    const minted = await sendFromOwner(chain, {
      to: usdc.address,
      data: encodeFunctionData({
        abi: artifacts.TestToken.abi,
        functionName: 'mint',
        args: [address, parseUnits(SAFE_FUNDS.USDC, usdc.decimals)],
      }),
      gas: GAS.mint,
    })
    if (!minted.ok) throw new Error(`minting USDC to the Safe on chain ${chain.chainId} failed`)
  }
  return { chainId: chain.chainId, rpcUrl: chain.rpcUrl, address, owner }
}

/** The Safe's nonce for its next transaction. */
export async function safeNonce(safe: SafeDeployment): Promise<bigint> {
  const data = encodeFunctionData({ abi: artifacts.SafeAccount.abi, functionName: 'nonce' })
  return BigInt(await rpc<Hex>(safe.rpcUrl, 'eth_call', [{ to: safe.address, data }, 'latest']))
}

/** The Safe transaction hash of a call at a nonce, as the contract computes it. */
export async function safeTxHash(
  safe: SafeDeployment,
  tx: { to: Address; value: bigint; data: Hex },
  nonce: bigint,
): Promise<Hex> {
  const data = encodeFunctionData({
    abi: artifacts.SafeAccount.abi,
    functionName: 'getTransactionHash',
    args: [tx.to, tx.value, tx.data, nonce],
  })
  return rpc<Hex>(safe.rpcUrl, 'eth_call', [{ to: safe.address, data }, 'latest'])
}

/**
 * Has the owner sign the Safe transaction hash and execute it through the contract (the owner
 * pays the gas, as the one owner of a 1-of-1 Safe does in the Safe web wallet).
 *
 * @returns The Safe transaction hash, the chain hash of the execution and whether it succeeded.
 */
export async function executeSafeTransaction(
  safe: SafeDeployment,
  tx: { to: Address; value: bigint; data: Hex },
): Promise<{ safeTxHash: Hex; txHash: Hex; ok: boolean; nonce: bigint }> {
  const nonce = await safeNonce(safe)
  const hash = await safeTxHash(safe, tx, nonce)
  const signature = await testAccount(SAFE_OWNER_INDEX).sign({ hash })
  const sent = await sendFromOwner(safe, {
    to: safe.address,
    data: encodeFunctionData({
      abi: artifacts.SafeAccount.abi,
      functionName: 'execTransaction',
      args: [tx.to, tx.value, tx.data, signature],
    }),
    gas: GAS.call,
  })
  return { safeTxHash: hash, txHash: sent.hash, ok: sent.ok, nonce }
}
