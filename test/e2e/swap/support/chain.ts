import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  type PublicClient,
  parseUnits,
} from 'viem'
import { type ChainDescription, rpc, testAccount } from '../../../stack/chain/index'
import { artifacts } from '../../../stack/contracts/index'
import type { Stack } from '../../../stack/index'

/** Reads (and, for set-up, writes) a local chain of the stack as the swap specs need it. */
export function chainOf(stack: Stack, chainId = 31337) {
  const chain = stack.chains.find((c) => c.chainId === chainId) as ChainDescription
  const client: PublicClient = createPublicClient({ transport: http(chain.rpcUrl) })
  const token = (symbol: string) => {
    const found = chain.tokens.find((t) => t.symbol === symbol)
    if (!found) throw new Error(`no token ${symbol}`)
    return found
  }
  return {
    chain,
    client,
    token,
    /** What `owner` holds of `symbol` ('ETH' for the coin), in base units. */
    balance(symbol: string, owner: Address): Promise<bigint> {
      if (symbol === 'ETH') return client.getBalance({ address: owner })
      return client.readContract({
        address: token(symbol).address,
        abi: artifacts.TestToken.abi,
        functionName: 'balanceOf',
        args: [owner],
      })
    },
    /** What `owner` lets the router spend of `symbol`. */
    allowance(symbol: string, owner: Address): Promise<bigint> {
      return client.readContract({
        address: token(symbol).address,
        abi: artifacts.TestToken.abi,
        functionName: 'allowance',
        args: [owner, chain.router],
      })
    },
    /** What the router pays now for `amount` of `from` ('ETH' goes through WETH), in base units. */
    async quote(from: string, to: string, amount: bigint): Promise<bigint> {
      const address = (s: string) => (s === 'ETH' ? chain.wrappedNative : token(s).address)
      const amounts = await client.readContract({
        address: chain.router,
        abi: artifacts.SimpleRouter.abi,
        functionName: 'getAmountsOut',
        args: [amount, [address(from), address(to)]],
      })
      return amounts[amounts.length - 1] as bigint
    },
    /** Mints `amount` (whole tokens) of `symbol` to `owner` (the test tokens' open mint). */
    async mint(symbol: string, owner: Address, amount: string): Promise<void> {
      const wallet = createWalletClient({ transport: http(chain.rpcUrl), account: testAccount(9) })
      const hash = await wallet.sendTransaction({
        chain: null,
        to: token(symbol).address,
        data: encodeFunctionData({
          abi: artifacts.TestToken.abi,
          functionName: 'mint',
          args: [owner, parseUnits(amount, token(symbol).decimals)],
        }),
      })
      await client.waitForTransactionReceipt({ hash })
    },
    /** Mnemonic account `index` swaps `ether` (whole) for USDC through the router, moving the pool. */
    async swapEther(index: number, ether: string): Promise<void> {
      const account = testAccount(index)
      const wallet = createWalletClient({ transport: http(chain.rpcUrl), account })
      const block = await client.getBlock()
      const hash = await wallet.sendTransaction({
        chain: null,
        to: chain.router,
        value: parseUnits(ether, 18),
        data: encodeFunctionData({
          abi: artifacts.SimpleRouter.abi,
          functionName: 'swapExactETHForTokens',
          args: [
            0n,
            [chain.wrappedNative, token('USDC').address],
            account.address,
            block.timestamp + 600n,
          ],
        }),
      })
      await client.waitForTransactionReceipt({ hash })
    },
    /** Sets `owner`'s ether to `wei` (anvil). */
    setEther(owner: Address, wei: bigint): Promise<unknown> {
      return rpc(chain.rpcUrl, 'anvil_setBalance', [owner, `0x${wei.toString(16)}`])
    },
  }
}
