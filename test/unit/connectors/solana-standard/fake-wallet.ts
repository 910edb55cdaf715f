import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { vi } from 'vitest'

/** Two real base58 addresses (32-byte keys). */
export const ALICE = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const BOB = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'

/** A Wallet Standard account on the given chains. */
export function account(address: string, chains = ['solana:localnet']): WalletAccount {
  return Object.freeze({
    address,
    publicKey: new Uint8Array(32),
    chains: chains as WalletAccount['chains'],
    features: ['solana:signMessage', 'solana:signTransaction'] as WalletAccount['features'],
  })
}

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** What a test can do to a {@link fakeWallet}. */
export type FakeWallet = Wallet & {
  /** The wallet changes its accounts and tells the app (`standard:events` change). */
  change(accounts: readonly WalletAccount[]): void
  /** Listeners attached through `standard:events`. */
  readonly listenerCount: number
  connect: ReturnType<typeof vi.fn>
  disconnect: ReturnType<typeof vi.fn>
  signMessage: ReturnType<typeof vi.fn>
  signTransaction: ReturnType<typeof vi.fn>
  signAndSendTransaction: ReturnType<typeof vi.fn>
}

/**
 * A Wallet Standard wallet in memory: connect grants `grant` (ALICE by default), signing answers
 * fixed bytes. `omit` leaves features out; `chains` are the wallet's chains.
 */
export function fakeWallet(
  options: {
    name?: string
    icon?: string
    chains?: string[]
    grant?: WalletAccount[]
    omit?: string[]
  } = {},
): FakeWallet {
  let accounts: readonly WalletAccount[] = []
  const listeners = new Set<ChangeListener>()
  const grant = options.grant ?? [account(ALICE)]
  const change = (next: readonly WalletAccount[]) => {
    accounts = next
    for (const listener of [...listeners]) listener({ accounts })
  }
  const connect = vi.fn(async (input?: { silent?: boolean }) => {
    if (!input?.silent) accounts = grant
    return { accounts }
  })
  const disconnect = vi.fn(async () => {
    accounts = []
  })
  const signMessage = vi.fn(async (...inputs: { message: Uint8Array }[]) =>
    inputs.map((i) => ({ signedMessage: i.message, signature: new Uint8Array(64).fill(7) })),
  )
  const signTransaction = vi.fn(async (...inputs: { transaction: Uint8Array }[]) =>
    inputs.map((i) => ({ signedTransaction: Uint8Array.from([...i.transaction, 1]) })),
  )
  const signAndSendTransaction = vi.fn(async (...inputs: unknown[]) =>
    inputs.map(() => ({ signature: new Uint8Array(64).fill(1) })),
  )
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect },
    'standard:disconnect': { version: '1.0.0', disconnect },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', listener: ChangeListener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': { version: '1.1.0', signMessage },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction,
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction,
    },
  }
  for (const name of options.omit ?? []) delete features[name]
  return {
    version: '1.0.0',
    name: options.name ?? 'Phantom Test',
    icon: (options.icon ?? 'data:image/svg+xml;base64,PHN2Zy8+') as Wallet['icon'],
    chains: (options.chains ?? ['solana:localnet', 'solana:devnet']) as Wallet['chains'],
    features: features as Wallet['features'],
    get accounts() {
      return accounts
    },
    change,
    get listenerCount() {
      return listeners.size
    },
    connect,
    disconnect,
    signMessage,
    signTransaction,
    signAndSendTransaction,
  }
}

/** A Wallet Standard registry in memory, like `getWallets()`. */
export function fakeRegistry() {
  const wallets: Wallet[] = []
  const listeners = { register: new Set<() => void>(), unregister: new Set<() => void>() }
  return {
    get: () => [...wallets],
    on(event: 'register' | 'unregister', listener: () => void) {
      listeners[event].add(listener)
      return () => listeners[event].delete(listener)
    },
    register(wallet: Wallet) {
      wallets.push(wallet)
      for (const l of listeners.register) l()
      return () => {
        wallets.splice(wallets.indexOf(wallet), 1)
        for (const l of listeners.unregister) l()
      }
    },
    listenerCount: () => listeners.register.size + listeners.unregister.size,
  }
}
