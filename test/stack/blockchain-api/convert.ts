import { type Address, maxUint256, toFunctionSelector } from 'viem'
import { testAccount } from '../chain/accounts.js'
import type { ChainDescription } from '../chain/deploy.js'
import { sendError, sendJson } from '../http-util.js'
import { type ConvertChain, ConvertError, createConvertChain } from './convert-chain.js'
import { tokenIconUrl } from './fixtures.js'
import type { Route, RouteContext } from './routes.js'

/** What a tampered service-built transaction gets wrong (SECURITY row 28). */
export type TamperField =
  | 'target'
  | 'spender'
  | 'amount'
  | 'value'
  | 'recipient'
  | 'amountIn'
  | 'minimumOut'
  | 'fullMinimum'
  | 'outputToken'
  | 'function'

/** Paths whose answers carry a transaction the stand-in can tamper with. */
export type TamperPath = '/v1/convert/build-approve' | '/v1/convert/build-transaction'

/** One tampering: the next `times` answers of `path` get `field` wrong. */
export interface TamperSpec {
  path: TamperPath
  field: TamperField
  /** Default 1. */
  times?: number
}

/** Switches of the convert service beside the generic faults (status, delay, body). */
export interface ConvertControl {
  /**
   * Makes the next answers of `path` return a transaction that is not what was asked: `target` (to
   * another contract), `spender` and `amount` (approvals: another spender, an unlimited or other
   * amount), `value` (ether the request did not ask to send); and, in the swap's calldata,
   * `recipient` (pays the attacker), `amountIn` (takes twice the tokens typed), `minimumOut`
   * (accepts 0), `fullMinimum` (guarantees the whole quote, no slippage: a harmless answer whose
   * minimum differs from the quote's), `outputToken` (buys another token, or the wrapped coin
   * instead of the coin), `function` (the same arguments under the fee-on-transfer variant's
   * selector, which the kit does not read).
   */
  tamperNext(spec: TamperSpec): void
  /** The address a tampered transaction sends to or approves. */
  readonly attacker: Address
  /** Drops pending tamperings. */
  reset(): void
}

const TAMPER_FIELDS: Record<TamperPath, readonly TamperField[]> = {
  '/v1/convert/build-approve': ['target', 'spender', 'amount', 'value'],
  '/v1/convert/build-transaction': [
    'target',
    'value',
    'recipient',
    'amountIn',
    'minimumOut',
    'fullMinimum',
    'outputToken',
    'function',
  ],
}
const AMOUNT = /^[1-9][0-9]{0,77}$/
const ONE_ETHER = 10n ** 18n
/** Router functions with the arguments of the ones the stand-in builds, which the kit does not read. */
const FEE_ON_TRANSFER = {
  native: toFunctionSelector(
    'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
  ),
  toNative: toFunctionSelector(
    'swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
  ),
  tokens: toFunctionSelector(
    'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
  ),
}
/** Slippage accepted by build-transaction, in percent. */
const MAX_SLIPPAGE_PERCENT = 50

function required(params: URLSearchParams | Record<string, unknown>, key: string): string {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key]
  if (typeof value !== 'string' || value === '')
    throw new ConvertError(400, `Missing parameter: ${key}`)
  return value
}

function amountOf(text: string): bigint {
  if (!AMOUNT.test(text)) throw new ConvertError(400, `Invalid amount: ${text}`)
  return BigInt(text)
}

/**
 * The convert routes of SPEC §7 over the chains' pools: tokens, quotes (equal to what the router
 * pays at the latest block), allowance, gas price, approval and swap calldata, plus the tamper
 * switch the kit's checks are tested with.
 */
export function createConvertRoutes(chains: readonly ChainDescription[]): {
  routes: Route[]
  control: ConvertControl
} {
  const exchanges = new Map(
    chains.map((c) => {
      const exchange = createConvertChain(c)
      return [exchange.caip2, exchange]
    }),
  )
  const attacker = testAccount(8).address
  let queue: (TamperSpec & { times: number })[] = []

  const exchangeOf = (caip2OrCaip10: string): ConvertChain => {
    const [namespace, reference] = caip2OrCaip10.split(':')
    const exchange = exchanges.get(`${namespace}:${reference}`)
    if (!exchange) throw new ConvertError(400, `Unsupported chain: ${caip2OrCaip10}`)
    return exchange
  }
  /** Takes the pending tampering of `path`, if any. */
  const tampering = (path: TamperPath): TamperField | undefined => {
    const spec = queue.find((q) => q.path === path)
    if (!spec) return undefined
    spec.times -= 1
    if (spec.times <= 0) queue = queue.filter((q) => q !== spec)
    return spec.field
  }

  function tokens({ res, url }: RouteContext) {
    const exchange = exchangeOf(required(url.searchParams, 'chainId'))
    sendJson(res, 200, {
      tokens: exchange.tokens().map((t) => ({
        name: t.name,
        symbol: t.symbol,
        address: t.caip10,
        decimals: t.decimals,
        logoUri: tokenIconUrl(t.symbol),
        eip2612: false,
      })),
    })
  }

  async function quotes({ res, url }: RouteContext) {
    const q = url.searchParams
    const from = required(q, 'from')
    const to = required(q, 'to')
    const exchange = exchangeOf(from)
    const amount = amountOf(required(q, 'amount'))
    const { amountOut } = await exchange.route(
      exchange.asset(from, 'from'),
      exchange.asset(to, 'to'),
      amount,
    )
    sendJson(res, 200, {
      quotes: [
        {
          id: null,
          fromAmount: String(amount),
          fromAccount: from,
          toAmount: String(amountOut),
          toAccount: to,
        },
      ],
    })
  }

  async function allowance({ res, url }: RouteContext) {
    const tokenAddress = required(url.searchParams, 'tokenAddress')
    const exchange = exchangeOf(tokenAddress)
    const owner = exchange.user(required(url.searchParams, 'userAddress'))
    const value = await exchange.allowance(exchange.asset(tokenAddress, 'tokenAddress'), owner)
    sendJson(res, 200, { allowance: String(value) })
  }

  async function gasPrice({ res, url }: RouteContext) {
    const price = await exchangeOf(required(url.searchParams, 'chainId')).gasPrice()
    sendJson(res, 200, {
      standard: String(price),
      fast: String((price * 12n) / 10n),
      instant: String((price * 15n) / 10n),
    })
  }

  async function buildApprove({ res, url }: RouteContext) {
    const q = url.searchParams
    const from = required(q, 'from')
    const exchange = exchangeOf(from)
    exchange.user(required(q, 'userAddress'))
    const token = exchange.asset(from, 'from')
    exchange.asset(required(q, 'to'), 'to')
    if (token.kind === 'native') throw new ConvertError(400, 'The native token needs no approval')
    const amountParam = q.get('amount')
    const amount = amountParam === null ? maxUint256 : amountOf(amountParam)
    const field = tampering('/v1/convert/build-approve')
    const spender = field === 'spender' ? attacker : exchange.chain.router
    const approved = field === 'amount' ? (amount === maxUint256 ? 1n : maxUint256) : amount
    sendJson(res, 200, {
      tx: {
        from,
        to: field === 'target' ? `${exchange.caip2}:${attacker}` : token.caip10,
        data: exchange.approveCalldata(approved, spender),
        value: field === 'value' ? String(ONE_ETHER) : '0',
        eip155: { gasPrice: String(await exchange.gasPrice()) },
      },
    })
  }

  async function buildTransaction({ res, body }: RouteContext) {
    const b = (body ?? {}) as Record<string, unknown>
    const from = required(b, 'from')
    const to = required(b, 'to')
    const exchange = exchangeOf(from)
    const user = exchange.user(required(b, 'userAddress'))
    const amount = amountOf(required(b, 'amount'))
    const eip155 = (b.eip155 ?? {}) as { slippage?: unknown }
    const slippage = eip155.slippage
    if (typeof slippage !== 'number' || !(slippage > 0) || slippage > MAX_SLIPPAGE_PERCENT)
      throw new ConvertError(400, 'eip155.slippage must be a number of percent in (0, 50]')
    const source = exchange.asset(from, 'from')
    const target = exchange.asset(to, 'to')
    const { path, amountOut } = await exchange.route(source, target, amount)
    // The slippage bound in basis points, rounded down, so the bound is never looser than asked.
    const bps = BigInt(Math.floor(slippage * 100))
    const field = tampering('/v1/convert/build-transaction')
    const minOut =
      field === 'minimumOut'
        ? 0n
        : field === 'fullMinimum'
          ? amountOut
          : (amountOut * (10_000n - bps)) / 10_000n
    const tamper = {
      ...(field === 'recipient' && { recipient: attacker }),
      ...(field === 'amountIn' && { amountIn: amount * 2n }),
      ...(field === 'outputToken' && { otherOutput: true }),
      ...(field === 'function' && {
        selector:
          FEE_ON_TRANSFER[
            source.kind === 'native' ? 'native' : target.kind === 'native' ? 'toNative' : 'tokens'
          ],
      }),
    }
    const call = await exchange.swapCall({
      from: source,
      to: target,
      path,
      amount,
      minOut,
      user,
      tamper,
    })
    if (call.estimateError && b.disableEstimate !== true && !field)
      throw new ConvertError(400, `The swap would fail: ${call.estimateError}`)
    sendJson(res, 200, {
      tx: {
        from: `${exchange.caip2}:${user}`,
        to: `${exchange.caip2}:${field === 'target' ? attacker : call.to}`,
        data: call.data,
        value: String(field === 'value' ? call.value + ONE_ETHER : call.value),
        amount: String(amountOut),
        eip155: { gas: String(call.gas), gasPrice: String(await exchange.gasPrice()) },
      },
    })
  }

  const guarded =
    (handle: (ctx: RouteContext) => void | Promise<void>) =>
    async (ctx: RouteContext): Promise<void> => {
      try {
        await handle(ctx)
      } catch (error) {
        if (!(error instanceof ConvertError)) throw error
        if (error.body !== undefined) sendJson(ctx.res, error.status, error.body)
        else sendError(ctx.res, error.status, error.message)
      }
    }

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/v1\/convert\/tokens$/, handle: guarded(tokens) },
    { method: 'GET', pattern: /^\/v1\/convert\/quotes$/, handle: guarded(quotes) },
    { method: 'GET', pattern: /^\/v1\/convert\/allowance$/, handle: guarded(allowance) },
    { method: 'GET', pattern: /^\/v1\/convert\/gas-price$/, handle: guarded(gasPrice) },
    { method: 'GET', pattern: /^\/v1\/convert\/build-approve$/, handle: guarded(buildApprove) },
    {
      method: 'POST',
      pattern: /^\/v1\/convert\/build-transaction$/,
      handle: guarded(buildTransaction),
    },
  ]
  return {
    routes,
    control: {
      attacker,
      tamperNext(spec) {
        if (!TAMPER_FIELDS[spec.path]?.includes(spec.field))
          throw new Error(`${spec.path} cannot tamper with ${spec.field}`)
        queue.push({ ...spec, times: spec.times ?? 1 })
      },
      reset() {
        queue = []
      },
    },
  }
}
