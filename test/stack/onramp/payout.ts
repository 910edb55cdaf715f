import {
  type Address,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseUnits,
  stringToHex,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainDescription } from '../chain/deploy.js'
import { receiptOf, rpc } from '../chain/rpc.js'
import { artifacts } from '../contracts/artifacts.js'
import type { SolanaChain } from '../solana/chain.js'
import type { Listing } from './catalog.js'

/**
 * The provider's own account, which pays buyers out. Derived from a fixed phrase, apart from the
 * test mnemonic, so paying out never changes a test account's balance or nonce.
 */
export const TREASURY = privateKeyToAccount(
  keccak256(stringToHex('walletkit devnet on-ramp treasury')),
)

/** Ether the treasury starts with on each chain. */
const TREASURY_WEI = 10n ** 24n
const GAS = { native: 21_000n, token: 120_000n }
const FEES = { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }

/** A finished payout: the transaction (eip155) or airdrop (solana) that credited the buyer. */
export interface Payout {
  hash: string
  /** Base units credited. */
  units: bigint
}

/** Pays buyers on the local chains. */
export interface PayoutDesk {
  /** Credits `amount` (whole units, decimal) of the listed asset to `address`; resolves once mined. */
  pay(listing: Listing, address: string, amount: string): Promise<Payout>
}

/**
 * Funds the treasury on every chain (`anvil_setBalance`) and returns the desk that pays out: the
 * native coin by a transfer from the treasury (the buyer receives exactly the amount; the treasury
 * pays the gas), a token by minting it to the buyer, SOL by an airdrop on the SVM.
 */
export async function createPayoutDesk(
  chains: readonly ChainDescription[],
  solana?: SolanaChain,
): Promise<PayoutDesk> {
  await Promise.all(
    chains.map((c) => rpc(c.rpcUrl, 'anvil_setBalance', [TREASURY.address, toHex(TREASURY_WEI)])),
  )
  // One payout at a time per chain, so nonces never collide.
  const queues = new Map<number, Promise<unknown>>()

  async function send(
    chain: ChainDescription,
    tx: { to: Address; value?: bigint; data?: Hex; gas: bigint },
  ) {
    const nonce = Number(
      await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [TREASURY.address, 'pending']),
    )
    const raw = await TREASURY.signTransaction({
      chainId: chain.chainId,
      nonce,
      type: 'eip1559',
      ...FEES,
      ...tx,
    })
    const hash = await rpc<Hex>(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
    const receipt = await receiptOf(chain.rpcUrl, hash)
    if (receipt.status !== '0x1') throw new Error(`payout ${hash} reverted`)
    return hash
  }

  return {
    async pay(listing, address, amount) {
      const units = parseUnits(amount, listing.decimals)
      if (listing.caipNetworkId.startsWith('solana:')) {
        if (!solana) throw new Error('no Solana chain')
        return { hash: solana.airdrop(address, units), units }
      }
      const chain = chains.find((c) => `eip155:${c.chainId}` === listing.caipNetworkId)
      if (!chain) throw new Error(`unknown network ${listing.caipNetworkId}`)
      const token = listing.network.contract_address as Address
      const run = () =>
        token
          ? send(chain, {
              to: token,
              gas: GAS.token,
              data: encodeFunctionData({
                abi: artifacts.TestToken.abi,
                functionName: 'mint',
                args: [address as Address, units],
              }),
            })
          : send(chain, { to: address as Address, value: units, gas: GAS.native })
      const previous = queues.get(chain.chainId) ?? Promise.resolve()
      const next = previous.catch(() => undefined).then(run)
      queues.set(chain.chainId, next)
      return { hash: await next, units }
    },
  }
}
