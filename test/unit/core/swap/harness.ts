import { signal } from '@preact/signals-core'
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { vi } from 'vitest'
import type { TokenBalance } from '../../../../src/core/chain-state.js'
import { createSwapController } from '../../../../src/core/swap/controller.js'
import type {
  SwapAccount,
  SwapControllerParameters,
  SwapView,
} from '../../../../src/core/swap/ports.js'
import type { ServiceTransaction, SwapApi, SwapToken } from '../../../../src/core/swap/types.js'
import type { CaipAddress, CaipNetwork } from '../../../../src/core/types/caip.js'

export const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'
export const ATTACKER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
export const GWEI = 10n ** 9n
export const ETHER = 10n ** 18n

const caip = (address: string) => `eip155:31337:${address}` as CaipAddress
export const ETH: SwapToken = {
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
  address: caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
}
export const USDC: SwapToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  address: caip('0x5FbDB2315678afecb367f032d93F642f64180aa3'),
}
export const WETH: SwapToken = {
  name: 'Wrapped Ether',
  symbol: 'WETH',
  decimals: 18,
  address: caip('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
}
export const NETWORK: CaipNetwork = {
  caipNetworkId: 'eip155:31337',
  namespace: 'eip155',
  reference: '31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  swaps: true,
  swapRouter: ROUTER,
}

const balance = (token: SwapToken, numeric: string, price: number): TokenBalance => ({
  name: token.name,
  symbol: token.symbol,
  chainId: 'eip155:31337',
  address: token === ETH ? undefined : token.address,
  price,
  value: Number(numeric) * price,
  quantity: { decimals: String(token.decimals), numeric },
})

/** The seeded account: 10 000 ETH, 10 000 USDC, 10 WETH. */
export function seededAccount(patch: Partial<SwapAccount> = {}): SwapAccount {
  return {
    address: USER,
    caipAddress: caip(USER),
    smartAccount: false,
    balances: [balance(ETH, '10000', 3000), balance(USDC, '10000', 1), balance(WETH, '10', 3000)],
    ...patch,
  }
}

export const approveData = (spender: string, amount: bigint) =>
  encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender as `0x${string}`, amount],
  })

const plain = (token: SwapToken) => token.address.split(':')[2] as `0x${string}`

/** What the fake exchange quotes for `amount` of `from`: 3000 USDC per WETH or ETH, and back. */
export const quoteOf = (from: string, amount: bigint) =>
  from === USDC.address ? (amount * 10n ** 12n) / 3000n : (amount * 3000n) / 10n ** 12n

/** The Uniswap-V2-style router functions the fake exchange builds (the stack's SimpleRouter's). */
export const V2_ROUTER_ABI = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])

/** Unix seconds now (the fake clock of the tests). */
export const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

/**
 * The router call that swaps `amount` of `from` for `to` for the user with the 1 % bound, as an
 * honest exchange builds it; `patch` changes one part (a tampered call).
 */
export function swapData(
  from: SwapToken,
  to: SwapToken,
  amount: bigint,
  patch: { minOut?: bigint; recipient?: string; deadline?: bigint; path?: string[] } = {},
): `0x${string}` {
  const minOut = patch.minOut ?? (quoteOf(from.address, amount) * 99n) / 100n
  const recipient = (patch.recipient ?? USER) as `0x${string}`
  const deadline = patch.deadline ?? nowSeconds() + 1200n
  const through = (t: SwapToken) => (t === ETH ? plain(WETH) : plain(t))
  const path = (patch.path ?? [through(from), through(to)]) as `0x${string}`[]
  if (from === ETH)
    return encodeFunctionData({
      abi: V2_ROUTER_ABI,
      functionName: 'swapExactETHForTokens',
      args: [minOut, path, recipient, deadline],
    })
  return encodeFunctionData({
    abi: V2_ROUTER_ABI,
    functionName: to === ETH ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
    args: [amount, minOut, path, recipient, deadline],
  })
}

const TOKENS = [ETH, USDC, WETH]
const byAddress = (address: string) => TOKENS.find((t) => t.address === address) as SwapToken

/** A promise with its resolve and reject exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * A swap controller over a fake exchange: quotes pay 3000 USDC per WETH/ETH (and back), the
 * allowance is what the test sets, built transactions are honest unless a test replaces a call.
 */
export function setup(
  options: {
    account?: SwapAccount
    gasPrice?: bigint
    readAllowance?: SwapControllerParameters['readAllowance']
    read?: SwapControllerParameters['read']
  } = {},
) {
  let allowance = 0n
  const api = {
    getTokens: vi.fn(async () => [ETH, USDC, WETH]),
    getQuote: vi.fn(
      async ({ amount, from }: { amount: bigint; from: string }): Promise<bigint | undefined> =>
        quoteOf(from, amount),
    ),
    getAllowance: vi.fn(async () => allowance),
    getGasPrice: vi.fn(async () => options.gasPrice ?? 2n * GWEI),
    buildApprove: vi.fn(
      async ({ amount }: { amount?: bigint | undefined }): Promise<ServiceTransaction> => ({
        to: USDC.address.split(':')[2] as string,
        chainReference: '31337',
        data: approveData(ROUTER, amount ?? maxUint256),
        value: 0n,
      }),
    ),
    buildTransaction: vi.fn(
      async ({
        amount,
        from,
        to,
      }: {
        amount: bigint
        from: string
        to: string
      }): Promise<ServiceTransaction> => ({
        to: ROUTER,
        chainReference: '31337',
        data: swapData(byAddress(from), byAddress(to), amount),
        value: from === ETH.address ? amount : 0n,
        gas: 150_000n,
        gasPrice: options.gasPrice ?? 2n * GWEI,
      }),
    ),
    getPrices: vi.fn(
      async (tokens: readonly { address: string }[]) =>
        new Map(
          tokens.map(
            (t) =>
              [t.address.toLowerCase(), t.address === USDC.address ? 1 : 3000] as [string, number],
          ),
        ),
    ),
  } satisfies SwapApi
  const account = signal<SwapAccount | undefined>(options.account ?? seededAccount())
  const network = signal<CaipNetwork | undefined>(NETWORK)
  // Shown by the tests themselves, so each decides when the form loads.
  const view = signal<SwapView>('none')
  const active = signal(true)
  const sent: { kind: string; to: string; data: string; value: bigint }[] = []
  let sendResult: () => Promise<unknown> = async () => ({ status: 'success' })
  const toasts = { error: vi.fn(), success: vi.fn() }
  const navigation = {
    review: vi.fn(() => {
      view.value = 'review'
    }),
    approve: vi.fn(() => {
      view.value = 'approve'
    }),
    back: vi.fn(() => {
      view.value = view.value === 'approve' ? 'review' : view.value === 'review' ? 'form' : 'none'
    }),
    form: vi.fn(() => {
      view.value = 'form'
    }),
    done: vi.fn(() => {
      view.value = 'none'
    }),
  }
  const refreshBalances = vi.fn(async () => undefined)
  const swap = createSwapController({
    api,
    account,
    network,
    isSupported: (n) => n.caipNetworkId === 'eip155:31337',
    refreshBalances,
    send: vi.fn(async (request) => {
      sent.push(request)
      return sendResult()
    }),
    toasts,
    navigation,
    view,
    active,
    slippage: 1,
    ...(options.readAllowance && { readAllowance: options.readAllowance }),
    ...(options.read && { read: options.read }),
  })
  return {
    swap,
    api,
    account,
    network,
    view,
    active,
    sent,
    toasts,
    navigation,
    refreshBalances,
    setAllowance(value: bigint) {
      allowance = value
    },
    failSends(error: unknown) {
      sendResult = async () => {
        throw error
      }
    },
    /** Errors shown, as their texts. */
    errors: () =>
      toasts.error.mock.calls.map((c) => (c[0] as { shortMessage: string }).shortMessage),
  }
}
