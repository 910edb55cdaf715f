import type { Locator, Page } from 'playwright-core'
import { keccak256, stringToBytes } from 'viem'

/**
 * The connector id of a Wallet Standard wallet registered under exactly `name`: a hash of the
 * name, never the name itself (two names that show alike are two ids).
 */
export const walletStandardId = (name: string) =>
  `wallet-standard:${keccak256(stringToBytes(name)).slice(2, 18)}`

const byTestId = (id: string) => `[data-testid="${id}"]`

/** What the page gets back from a `kit.getProvider('solana')` call: bytes as arrays, errors as fields. */
export type ProviderOutcome<T> = {
  result?: T
  error?: { name: string; shortMessage?: string; code?: number }
}

/**
 * Acts on the parts of the modal and the API that multichain sites use: the installed Solana
 * wallet on Connect, the namespace tabs of Account and Networks, and `kit.getProvider('solana')`.
 */
export class SolanaPage {
  constructor(readonly page: Page) {}

  /** The installed wallet button of a Wallet Standard wallet, by its name. */
  wallet(name: string): Locator {
    return this.page.locator(`${byTestId('wk-wallet')}[data-wallet-id="${walletStandardId(name)}"]`)
  }

  /** A namespace tab of the Account or Networks view. */
  tab(namespace: string): Locator {
    return this.page.locator(`${byTestId('wk-namespace-tab')}[data-namespace="${namespace}"]`)
  }

  get tabs(): Locator {
    return this.page.locator(byTestId('wk-namespace-tab'))
  }

  get account(): Locator {
    return this.page.locator(byTestId('wk-view-account'))
  }

  get balance(): Locator {
    return this.page.locator(byTestId('wk-account-balance'))
  }

  get accountName(): Locator {
    return this.page.locator(byTestId('wk-account-name'))
  }

  get connectingStatus(): Locator {
    return this.page.locator(byTestId('wk-connecting-status'))
  }

  get retry(): Locator {
    return this.page.locator(byTestId('wk-connecting-retry'))
  }

  /** The namespace the Account view shows (`data-namespace`). */
  accountNamespace(): Promise<string | null> {
    return this.account.getAttribute('data-namespace')
  }

  /** The full address the Account view shows (its title). */
  shownAddress(): Promise<string | null> {
    return this.accountName.getAttribute('title')
  }

  /**
   * Calls `method` on `WalletKit.init().getProvider('solana')` with `bytes` (a Uint8Array in the
   * page); Uint8Array results come back as arrays.
   */
  provider<T>(method: string, bytes: number[]): Promise<ProviderOutcome<T>> {
    return this.page.evaluate(
      async ({ method, bytes }) => {
        const kit = window.WalletKit?.init() as unknown as
          | { getProvider(ns: string): Record<string, (input: Uint8Array) => Promise<unknown>> }
          | undefined
        if (!kit) throw new Error('WalletKit is not initialised')
        const plain = (value: unknown): unknown =>
          value instanceof Uint8Array
            ? Array.from(value)
            : value && typeof value === 'object'
              ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
              : value
        try {
          const fn = kit.getProvider('solana')[method]
          if (!fn) throw new Error(`no ${method}`)
          return { result: plain(await fn(Uint8Array.from(bytes))) }
        } catch (e) {
          const error = e as Error & { shortMessage?: string; code?: number }
          return { error: { name: error.name, shortMessage: error.shortMessage, code: error.code } }
        }
      },
      { method, bytes },
    ) as Promise<ProviderOutcome<T>>
  }

  /** The Solana provider's public fields: wallet name, account address and chain. */
  providerInfo(): Promise<{
    wallet: string
    address: string
    chain: string
    caipNetworkId: string
  } | null> {
    return this.page.evaluate(() => {
      type Provider = {
        wallet: { name: string }
        account: { address: string }
        chain: string
        caipNetworkId: string
      }
      const kit = window.WalletKit?.init() as unknown as
        | { getProvider(ns: string): Provider | undefined }
        | undefined
      const provider = kit?.getProvider('solana')
      return provider
        ? {
            wallet: provider.wallet.name,
            address: provider.account.address,
            chain: provider.chain,
            caipNetworkId: provider.caipNetworkId,
          }
        : null
    })
  }
}
