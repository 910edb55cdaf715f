import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import {
  type CheckoutWindow,
  createOnRamp,
  type OnRampTarget,
} from '../../../../src/core/onramp/controller.js'
import type {
  CheckoutRequest,
  OnRampApi,
  OnRampOptions,
} from '../../../../src/core/onramp/types.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'

const network: CaipNetwork = {
  caipNetworkId: 'eip155:31337',
  namespace: 'eip155',
  reference: '31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const served: OnRampOptions = {
  paymentCurrencies: [
    {
      id: 'EUR',
      payment_method_limits: [{ id: 'card', min: '20', max: '5000' }],
    },
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '20', max: '5000' },
        { id: 'ach_bank_account', min: '20', max: '20000' },
      ],
    },
  ],
  purchaseCurrencies: [
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'devnet-31337',
          display_name: 'Devnet',
          chain_id: '31337',
          contract_address: '0xabc',
        },
      ],
    },
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'devnet-31337', display_name: 'Devnet', chain_id: '31337', contract_address: '' },
      ],
    },
  ],
}
const answer = {
  quoteId: 'quote-1',
  paymentTotal: { amount: '50.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.90', currency: 'USD' },
  purchaseAmount: { amount: '0.0163', currency: 'ETH' },
  fees: [{ type: 'provider', amount: '1.00', currency: 'USD' }],
}

/** A checkout window that records what the kit did with it. */
function fakeWindow() {
  const state = { closed: false, url: undefined as string | undefined }
  const window: CheckoutWindow = {
    navigate: (url) => {
      state.url = url
    },
    close: () => {
      state.closed = true
    },
    get closed() {
      return state.closed
    },
  }
  return { window, state }
}

function setup(
  options: {
    api?: Partial<OnRampApi>
    popup?: 'blocked'
    timeZone?: string
    purchases?: () => Promise<readonly { minedAt: number }[]>
  } = {},
) {
  const requests: CheckoutRequest[] = []
  const api: OnRampApi = {
    getOnRampOptions: vi.fn(async () => served),
    getOnRampQuote: vi.fn(async () => answer),
    getOnRampUrl: vi.fn(async (request: CheckoutRequest) => {
      requests.push(request)
      return 'http://127.0.0.1:4000/buy/1'
    }),
    ...options.api,
  }
  const popup = fakeWindow()
  const balance = { value: 1_500_000_000_000_000_000n }
  const leave = new AbortController()
  const target: OnRampTarget = {
    address: ADDRESS,
    network,
    tokenBalance: [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        price: 2500,
        value: 0,
        quantity: { decimals: '18', numeric: '1.5' },
      },
    ],
  }
  const openWindow = vi.fn(() => (options.popup === 'blocked' ? null : popup.window))
  const onFinished = vi.fn()
  const onramp = createOnRamp({
    api,
    target: () => target,
    balanceOf: vi.fn(async () => balance.value),
    openWindow,
    leaveSignal: () => leave.signal,
    onFinished,
    timeZone: () => options.timeZone ?? 'Europe/Berlin',
    checkoutOrigins: ['https://pay.coinbase.com', 'http://127.0.0.1:4000'],
    debounceMs: 300,
    purchases: options.purchases,
  })
  return { onramp, api, requests, popup, balance, leave, openWindow, onFinished }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

test('default: options, quote, Buy opens the window in the click, sends it to the link, returns when the balance rises', async () => {
  const s = setup()
  await s.onramp.start()
  expect(s.onramp.source.value).toBe('service')
  expect(s.onramp.assets.value.map((a) => a.currency.symbol)).toEqual(['ETH', 'USDC'])
  expect(s.onramp.asset.value?.currency.symbol).toBe('ETH')
  expect(s.onramp.currency.value?.id).toBe('USD')
  expect(s.onramp.methods.value).toEqual(['card', 'ach_bank_account'])
  expect(s.onramp.limits.value).toEqual({ min: 20, max: 5000 })
  s.onramp.setAmount('50')
  expect(s.onramp.quoteLoading.value).toBe(true)
  await vi.advanceTimersByTimeAsync(300)
  expect(s.onramp.quote.value).toEqual({ ...answer, estimate: false })
  expect(s.api.getOnRampQuote).toHaveBeenCalledWith({
    purchaseCurrency: served.purchaseCurrencies[1],
    paymentCurrency: served.paymentCurrencies[1],
    amount: '50',
    network: 'devnet-31337',
    paymentMethod: 'card',
  })

  s.onramp.buy()
  // Opened synchronously, before any request.
  expect(s.openWindow).toHaveBeenCalledTimes(1)
  expect(s.onramp.step.value).toBe('opening')
  await vi.advanceTimersByTimeAsync(0)
  expect(s.requests).toEqual([
    {
      destinationWallets: [{ address: ADDRESS, blockchains: ['devnet-31337'], assets: ['ETH'] }],
      defaultNetwork: 'devnet-31337',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      presetCryptoAmount: 0.0163,
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'card',
    },
  ])
  expect(s.popup.state.url).toBe('http://127.0.0.1:4000/buy/1')
  expect(s.onramp.step.value).toBe('waiting')
  expect(s.onramp.checkoutHost.value).toBe('127.0.0.1:4000')
  await vi.advanceTimersByTimeAsync(4000)
  expect(s.onFinished).not.toHaveBeenCalled()
  s.balance.value = 1_516_300_000_000_000_000n
  await vi.advanceTimersByTimeAsync(2000)
  expect(s.onFinished).toHaveBeenCalledWith('landed')
  expect(s.popup.state.closed).toBe(true)
  expect(s.onramp.step.value).toBe('form')
})

describe('fallbacks', () => {
  test('behavior: failed options fall back to the built-in ones, and say so', async () => {
    const s = setup({
      api: {
        getOnRampOptions: vi.fn(async () =>
          Promise.reject(new HttpRequestError({ status: 503, url: 'x' })),
        ),
      },
    })
    await s.onramp.start()
    expect(s.onramp.source.value).toBe('fallback')
    expect(s.onramp.assets.value.map((a) => [a.currency.symbol, a.network.name])).toEqual([
      ['ETH', 'eip155:31337'],
    ])
    expect(s.onramp.limits.value).toEqual({ min: 10, max: 7500 })
    s.onramp.setMethod('ach_bank_account')
    expect(s.onramp.limits.value).toEqual({ min: 10, max: 25_000 })
  })

  test('behavior: the options are asked again on the next visit while they failed; then kept', async () => {
    const getOnRampOptions = vi
      .fn<OnRampApi['getOnRampOptions']>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(served)
    const s = setup({ api: { getOnRampOptions } })
    await s.onramp.start()
    expect(s.onramp.source.value).toBe('fallback')
    await s.onramp.start()
    expect(s.onramp.source.value).toBe('service')
    await s.onramp.start()
    expect(getOnRampOptions).toHaveBeenCalledTimes(2)
  })

  test('behavior: a failed quote gives a placeholder marked as an estimate; no crypto amount is preset', async () => {
    const s = setup({
      api: { getOnRampQuote: vi.fn(async () => Promise.reject(new Error('down'))) },
    })
    await s.onramp.start()
    s.onramp.setAmount('50')
    await vi.advanceTimersByTimeAsync(300)
    expect(s.onramp.quote.value).toEqual({
      quoteId: 'estimate',
      paymentTotal: { amount: '50', currency: 'USD' },
      paymentSubtotal: { amount: '50', currency: 'USD' },
      purchaseAmount: { amount: '0.02', currency: 'ETH' },
      fees: [],
      estimate: true,
    })
    s.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.requests[0]).not.toHaveProperty('presetCryptoAmount')
  })

  test('behavior: a quote for input changed meanwhile is dropped', async () => {
    const s = setup()
    await s.onramp.start()
    s.onramp.setAmount('50')
    await vi.advanceTimersByTimeAsync(100)
    s.onramp.setAmount('60')
    await vi.advanceTimersByTimeAsync(300)
    expect(s.api.getOnRampQuote).toHaveBeenCalledTimes(1)
    expect(vi.mocked(s.api.getOnRampQuote).mock.calls[0]?.[0].amount).toBe('60')
  })
})

describe('refusals before any window', () => {
  test('error: an amount outside the limits is refused and no window opens', async () => {
    const s = setup()
    await s.onramp.start()
    s.onramp.setAmount('19.99')
    expect(s.onramp.amountError.value?.shortMessage).toBe(
      'Enter an amount between 20 and 5000 USD.',
    )
    s.onramp.buy()
    expect(s.onramp.error.value?.name).toBe('OnRampAmountError')
    s.onramp.setAmount('')
    s.onramp.buy()
    expect(s.onramp.error.value?.name).toBe('OnRampAmountError')
    expect(s.openWindow).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.api.getOnRampQuote).not.toHaveBeenCalled()
  })

  test('error: a blocked window is PopupBlockedError and nothing is asked', async () => {
    const s = setup({ popup: 'blocked' })
    await s.onramp.start()
    s.onramp.setAmount('50')
    s.onramp.buy()
    expect(s.onramp.error.value?.name).toBe('PopupBlockedError')
    expect(s.requests).toEqual([])
  })
})

describe('the checkout link', () => {
  test('error: a link that is not https (or http on loopback) is refused; the empty window closes, never navigated', async () => {
    for (const link of [
      'http://checkout.example.com/buy',
      'javascript:alert(1)',
      'data:text/html,x',
    ]) {
      const s = setup({ api: { getOnRampUrl: vi.fn(async () => link) } })
      await s.onramp.start()
      s.onramp.setAmount('50')
      s.onramp.buy()
      await vi.advanceTimersByTimeAsync(0)
      expect(s.popup.state).toEqual({ closed: true, url: undefined })
      expect(s.onramp.error.value?.name).toBe('UnsafeCheckoutUrlError')
      expect(s.onramp.step.value).toBe('form')
    }
  })

  test('error: a link to another origin than the allowed ones, or for another address, is refused; nothing opens', async () => {
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const cases: [string, string][] = [
      ['https://pay.evil.example/buy', 'CheckoutOriginError'],
      ['http://127.0.0.1:4001/buy/1', 'CheckoutOriginError'],
      [`http://127.0.0.1:4000/buy/1?walletAddress=${other}`, 'CheckoutAddressError'],
      [
        `https://pay.coinbase.com/buy/select-asset?destinationWallets=${encodeURIComponent(JSON.stringify([{ address: other, blockchains: ['ethereum'] }]))}`,
        'CheckoutAddressError',
      ],
    ]
    for (const [link, name] of cases) {
      const s = setup({ api: { getOnRampUrl: vi.fn(async () => link) } })
      await s.onramp.start()
      s.onramp.setAmount('50')
      s.onramp.buy()
      await vi.advanceTimersByTimeAsync(0)
      expect(s.popup.state, link).toEqual({ closed: true, url: undefined })
      expect(s.onramp.error.value?.name, link).toBe(name)
      expect(s.onramp.step.value).toBe('form')
      expect(s.onramp.amount.value).toBe('50')
    }
  })

  test("behavior: a link naming the buyer's own address, in any case, opens", async () => {
    const link = `https://pay.coinbase.com/buy/select-asset?addresses=${encodeURIComponent(JSON.stringify({ [ADDRESS.toLowerCase()]: ['ethereum'] }))}`
    const s = setup({ api: { getOnRampUrl: vi.fn(async () => link) } })
    await s.onramp.start()
    s.onramp.setAmount('50')
    s.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.popup.state.url).toBe(new URL(link).href)
    expect(s.onramp.error.value).toBeUndefined()
  })

  test('error: a failed generator call closes the window and shows the HTTP error', async () => {
    const s = setup({
      api: {
        getOnRampUrl: vi.fn(async () =>
          Promise.reject(new HttpRequestError({ status: 500, url: 'x' })),
        ),
      },
    })
    await s.onramp.start()
    s.onramp.setAmount('50')
    s.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.popup.state.closed).toBe(true)
    expect(s.onramp.error.value?.shortMessage).toBe('HTTP status code: 500')
  })
})

describe('waiting', () => {
  test('behavior: closing the window ends the wait: back to Account', async () => {
    const s = setup()
    await s.onramp.start()
    s.onramp.setAmount('50')
    s.onramp.buy()
    await vi.advanceTimersByTimeAsync(0)
    s.popup.window.close()
    await vi.advanceTimersByTimeAsync(500)
    expect(s.onFinished).toHaveBeenCalledWith('closed')
    expect(s.onFinished).toHaveBeenCalledTimes(1)
  })

  test('behavior: leaving the view before the link came closes the empty window; while waiting it stays', async () => {
    let release: (url: string) => void = () => undefined
    const s = setup({
      api: {
        getOnRampUrl: vi.fn(
          () =>
            new Promise<string>((r) => {
              release = r
            }),
        ),
      },
    })
    await s.onramp.start()
    s.onramp.setAmount('50')
    s.onramp.buy()
    s.leave.abort()
    expect(s.popup.state.closed).toBe(true)
    release('http://127.0.0.1:4000/buy/1')
    await vi.advanceTimersByTimeAsync(5000)
    expect(s.popup.state.url).toBeUndefined()
    expect(s.onFinished).not.toHaveBeenCalled()
    expect(s.onramp.step.value).toBe('form')
  })
})

test('behavior: a restricted time zone is flagged; the purchase stays possible', async () => {
  const s = setup({ timeZone: 'Asia/Shanghai' })
  await s.onramp.start()
  expect(s.onramp.restricted.value).toBe(true)
  s.onramp.setAmount('50')
  s.onramp.buy()
  expect(s.openWindow).toHaveBeenCalled()
  const other = setup()
  await other.onramp.start()
  expect(other.onramp.restricted.value).toBe(false)
})

test('behavior: a purchase the provider lists after the checkout opened has landed, before the coins', async () => {
  const listed: { minedAt: number }[] = [{ minedAt: Date.now() - 60_000 }]
  const purchases = vi.fn(async () => listed)
  const s = setup({ purchases })
  await s.onramp.start()
  s.onramp.setAmount('50')
  await vi.advanceTimersByTimeAsync(300)
  s.onramp.buy()
  await vi.advanceTimersByTimeAsync(0)
  // An older purchase is not this one.
  await vi.advanceTimersByTimeAsync(4000)
  expect(purchases).toHaveBeenCalled()
  expect(s.onFinished).not.toHaveBeenCalled()
  listed.push({ minedAt: Date.now() })
  await vi.advanceTimersByTimeAsync(2000)
  expect(s.onFinished).toHaveBeenCalledWith('landed')
  expect(s.popup.state.closed).toBe(true)
})
