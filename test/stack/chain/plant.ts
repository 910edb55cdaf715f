import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  type LocalAccount,
  parseUnits,
  stringToHex,
} from 'viem'
import { artifacts } from '../contracts/artifacts.js'
import { testAccount } from './accounts.js'
import { type Mined, sendAs, sendImpersonated } from './actors.js'
import type { ChainDescription } from './deploy.js'
import { receiptOf, rpc } from './rpc.js'

// Hostile transfers put on a local chain by real transactions, so the history indexer and the kit
// meet them the way they arrive in the wild: from blocks and logs.

/** Mnemonic account that plays the spammer and the poisoner (funded with ether, no tokens). */
export const ATTACKER_INDEX = 8

const token = artifacts.TestToken

/**
 * An address sharing the first and last 4 hex characters of `target` (after `0x`) with a different
 * middle: what an address-poisoning attacker grinds for. Deterministic for a given `salt`.
 */
export function lookAlikeOf(target: Address, salt = 'poison'): Address {
  const lower = target.toLowerCase()
  const middle = keccak256(stringToHex(`${lower}:${salt}`)).slice(2, 34)
  const candidate = `0x${lower.slice(2, 6)}${middle}${lower.slice(-4)}`
  if (candidate === lower) return lookAlikeOf(target, `${salt}'`)
  return getAddress(candidate)
}

/** Deploys a TestToken as `account`; returns its address once mined. */
export async function deployToken(
  chain: ChainDescription,
  account: LocalAccount,
  meta: { name: string; symbol: string; decimals: number },
): Promise<Address> {
  const nonce = Number(
    await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [account.address, 'pending']),
  )
  const address = getContractAddress({ from: account.address, nonce: BigInt(nonce) })
  const raw = await account.signTransaction({
    chainId: chain.chainId,
    type: 'eip1559',
    nonce,
    data: encodeDeployData({ ...token, args: [meta.name, meta.symbol, meta.decimals] }),
    gas: 1_000_000n,
    maxFeePerGas: 20_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
  const hash = await rpc<Hex>(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
  const receipt = await receiptOf(chain.rpcUrl, hash)
  if (receipt.status !== '0x1') throw new Error(`deploying ${meta.symbol} reverted`)
  return address
}

const mintData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: token.abi, functionName: 'mint', args: [to, amount] })
const transferData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [to, amount] })

/** What {@link plantSpam} left on chain. */
export interface PlantedSpam {
  /** The imitation token (symbol and name of the chain's USDC, another address). */
  token: Address
  /** Its airdrop to the victim. */
  transfer: Mined
}

/**
 * Airdrops a token that imitates the chain's USDC (same name and symbol, another contract) to
 * `victim`: the attacker mints to itself, then transfers, as spam airdrops do.
 */
export async function plantSpam(
  chain: ChainDescription,
  victim: Address,
  options: { attacker?: LocalAccount; amount?: string } = {},
): Promise<PlantedSpam> {
  const attacker = options.attacker ?? testAccount(ATTACKER_INDEX)
  const spam = await deployToken(chain, attacker, { name: 'USD Coin', symbol: 'USDC', decimals: 6 })
  const amount = parseUnits(options.amount ?? '5000', 6)
  await sendAs(chain, attacker, { to: spam, data: mintData(attacker.address, amount) })
  const transfer = await sendAs(chain, attacker, { to: spam, data: transferData(victim, amount) })
  return { token: spam, transfer }
}

/** What {@link plantPoisoning} left on chain. */
export interface PlantedPoisoning {
  /** The look-alike of the real counterparty. */
  lookAlike: Address
  /** `transferFrom(victim, lookAlike, 0)` of the chain's USDC, sent by the attacker. */
  zeroValue: Mined
  /** 0.000001 ether from the look-alike to the victim. */
  nativeDust: Mined
  /** 0.01 USDC from the look-alike to the victim. */
  tokenDust: Mined
}

/**
 * Address poisoning against `victim`, who really sent to `counterparty`: a zero-value
 * `transferFrom` of the real USDC that makes the victim appear to send to a look-alike, then dust
 * (ether and USDC) from the look-alike, so the look-alike shows up in the victim's recent history.
 */
export async function plantPoisoning(
  chain: ChainDescription,
  victim: Address,
  counterparty: Address,
  options: { attacker?: LocalAccount; salt?: string } = {},
): Promise<PlantedPoisoning> {
  const attacker = options.attacker ?? testAccount(ATTACKER_INDEX)
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
  if (!usdc) throw new Error(`chain ${chain.chainId} has no USDC`)
  const lookAlike = lookAlikeOf(counterparty, options.salt)
  const zeroValue = await sendAs(chain, attacker, {
    to: usdc.address,
    data: encodeFunctionData({
      abi: token.abi,
      functionName: 'transferFrom',
      args: [victim, lookAlike, 0n],
    }),
  })
  const nativeDust = await sendImpersonated(chain, lookAlike, {
    to: victim,
    value: parseUnits('0.000001', 18),
    gas: 21_000n,
  })
  const dust = parseUnits('0.01', usdc.decimals)
  // The open mint stands in for the attacker buying a little USDC for the look-alike.
  await sendAs(chain, attacker, { to: usdc.address, data: mintData(lookAlike, dust) })
  const tokenDust = await sendImpersonated(chain, lookAlike, {
    to: usdc.address,
    data: transferData(victim, dust),
  })
  return { lookAlike, zeroValue, nativeDust, tokenDust }
}
