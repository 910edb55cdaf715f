import type { BrowserContext, Locator, Page } from 'playwright-core'
import { formatUnits } from 'viem'
import '../../support/globals'

declare global {
  interface Window {
    /** Every toast text the modal showed, oldest first (installed by {@link recordToasts}). */
    __wkToasts?: string[]
  }
}

const byTestId = (id: string) => `[data-testid="${id}"]`

/** What the page got back from a provider or kit call: the result, or the error's fields. */
export type PageOutcome<T> = {
  result?: T
  error?: {
    name: string
    message: string
    shortMessage?: string | undefined
    code?: number | undefined
  }
}

/**
 * Records every toast text the modal shows into `window.__wkToasts`, whatever its lifetime: a
 * MutationObserver on each shadow root the page attaches, installed before the bundle runs.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__wkToasts', { value: seen })
    const attach = Element.prototype.attachShadow
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init)
      const last = new WeakMap<Element, string>()
      new MutationObserver(() => {
        for (const toast of root.querySelectorAll('[data-testid="wk-toast"]')) {
          const text = toast.textContent ?? ''
          if (last.get(toast) === text) continue
          last.set(toast, text)
          seen.push(text)
        }
      }).observe(root, { childList: true, subtree: true, characterData: true })
      return root
    }
  })
}

/**
 * The modal as EVM specs use it: installed wallets, the connecting view, Account, Networks and
 * UnsupportedChain; and the host page's calls through `kit.getProvider('eip155')` and the kit.
 */
export class EvmPage {
  constructor(readonly page: Page) {}

  private id(id: string): Locator {
    return this.page.locator(byTestId(id))
  }

  /** An installed (EIP-6963) wallet's button, by its announced uuid. */
  wallet(uuid: string): Locator {
    return this.page.locator(`${byTestId('wk-wallet')}[data-wallet-id="eip6963:${uuid}"]`)
  }
  /** A view by the suffix of its test id (`account`, `networks`, `unsupported-chain`, …). */
  view(id: string): Locator {
    return this.id(`wk-view-${id}`)
  }
  get status(): Locator {
    return this.id('wk-connecting-status')
  }
  get detail(): Locator {
    return this.id('wk-connecting-detail')
  }
  get retry(): Locator {
    return this.id('wk-connecting-retry')
  }
  get duplicate(): Locator {
    return this.id('wk-connecting-duplicate')
  }
  get accountName(): Locator {
    return this.id('wk-account-name')
  }
  get accountAddress(): Locator {
    return this.id('wk-account-address')
  }
  get balance(): Locator {
    return this.id('wk-account-balance')
  }
  get networkButton(): Locator {
    return this.id('wk-account-network')
  }
  get disconnect(): Locator {
    return this.id('wk-account-disconnect')
  }
  /** A network of the Networks (or UnsupportedChain) list, by CAIP-2 id. */
  network(caipNetworkId: string): Locator {
    return this.page.locator(`${byTestId('wk-network')}[data-network-id="${caipNetworkId}"]`)
  }
  get networkError(): Locator {
    return this.id('wk-network-error')
  }
  get unsupportedDisconnect(): Locator {
    return this.id('wk-unsupported-disconnect')
  }

  /** The CAIP-2 id of the network marked current in the list on screen, or null (no waiting). */
  currentNetwork(): Promise<string | null> {
    return this.page
      .locator(`${byTestId('wk-network')}[aria-current="true"]`)
      .evaluateAll((list) => list.map((el) => el.getAttribute('data-network-id')))
      .then((ids) => ids[0] ?? null)
  }

  /** Every toast text shown so far. */
  toasts(): Promise<string[]> {
    return this.page.evaluate(() => [...(window.__wkToasts ?? [])])
  }

  /** A `localStorage` entry of WalletKit (`walletkit:` + key), parsed. */
  stored(key: string): Promise<unknown> {
    return this.page.evaluate((k) => {
      const raw = localStorage.getItem(`walletkit:${k}`)
      return raw === null ? null : (JSON.parse(raw) as unknown)
    }, key)
  }

  /** `kit.getProvider('eip155').request({ method, params })`, from the host page. */
  request<T>(method: string, params?: unknown[]): Promise<PageOutcome<T>> {
    return this.page.evaluate(
      async ({ method, params }) => {
        const kit = window.WalletKit?.init() as unknown as {
          getProvider(ns: string): { request(a: unknown): Promise<unknown> } | undefined
        }
        const provider = kit.getProvider('eip155')
        if (!provider) return { error: { name: 'NoProvider', message: 'no eip155 provider' } }
        try {
          return { result: (await provider.request({ method, params })) as never }
        } catch (e) {
          const { name, message, shortMessage, code } = e as PageOutcome<never>['error'] & object
          return { error: { name, message, shortMessage, code } }
        }
      },
      { method, params },
    )
  }

  /** Whether `kit.getProvider('eip155')` returns a provider. */
  hasProvider(): Promise<boolean> {
    return this.page.evaluate(() => {
      const kit = window.WalletKit?.init() as unknown as { getProvider(ns: string): unknown }
      return kit.getProvider('eip155') !== undefined
    })
  }

  /** Calls `kit.switchNetwork(id)` or `kit.disconnect()` from the host page. */
  kit(method: 'switchNetwork' | 'disconnect', argument?: string): Promise<PageOutcome<null>> {
    return this.page.evaluate(
      async ({ method, argument }) => {
        const kit = window.WalletKit?.init() as unknown as Record<
          string,
          (a?: string) => Promise<void>
        >
        try {
          await (argument === undefined ? kit[method]?.() : kit[method]?.(argument))
          return { result: null }
        } catch (e) {
          const { name, message, shortMessage, code } = e as PageOutcome<never>['error'] & object
          return { error: { name, message, shortMessage, code } }
        }
      },
      { method, argument },
    )
  }
}

/**
 * A wei amount as the Account view shows it: at most 4 decimals, cut (never rounded), trailing
 * zeros dropped, thousands grouped with commas, then the symbol.
 */
export function shownBalance(wei: bigint, symbol = 'ETH', decimals = 18): string {
  const [whole = '0', fraction = ''] = formatUnits(wei, decimals).split('.')
  const cut = fraction.slice(0, 4).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cut ? `${grouped}.${cut}` : grouped} ${symbol}`
}
