import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type ChainDescription, type Chains, startChains } from '../chain/index.js'
import type { RpcOutcome } from '../chain/rpc.js'
import type { TestWallet, WalletEvent } from './types.js'
import { createTestWallet } from './wallet.js'

/** What {@link walletOnChainsForFile} gives a test file. */
export interface WalletOnChains {
  readonly chains: Chains
  readonly wallet: TestWallet
  /** Events the wallet emitted since the current test began. */
  events: WalletEvent[]
  chainAt(index: number): ChainDescription
  call(method: string, params?: unknown[]): Promise<RpcOutcome>
  /** The call's result; throws when the wallet answers with an error. */
  result(method: string, params?: unknown[]): Promise<unknown>
}

/** Starts both chains and a wallet for the file; resets the wallet before each test. */
export function walletOnChainsForFile(): WalletOnChains {
  let chains: Chains | undefined
  let wallet: TestWallet | undefined
  const events: WalletEvent[] = []
  beforeAll(async () => {
    chains = await startChains()
    wallet = createTestWallet({ chains: chains.chains })
    wallet.subscribe((e) => {
      events.push(e)
    })
  }, 30_000)
  afterAll(() => chains?.stop())
  beforeEach(() => {
    wallet?.reset()
    events.length = 0
  })
  const started = () => {
    if (!chains || !wallet) throw new Error('the chains are not started')
    return { chains, wallet }
  }
  const call = (method: string, params: unknown[] = []) => started().wallet.handle(method, params)
  return {
    get chains() {
      return started().chains
    },
    get wallet() {
      return started().wallet
    },
    events,
    chainAt: (index) => started().chains.chains[index] as ChainDescription,
    call,
    async result(method, params = []) {
      const outcome = await call(method, params)
      if ('error' in outcome) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`)
      return outcome.result
    },
  }
}
