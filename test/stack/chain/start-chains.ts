import { type Anvil, startAnvil } from './anvil.js'
import { type ChainDescription, deployAndSeed } from './deploy.js'
import { rpc } from './rpc.js'

/** Chain ids of the two local chains. */
export const LOCAL_CHAIN_IDS = [31337, 31338] as const

/** Both local chains, started and seeded. */
export interface Chains {
  chains: ChainDescription[]
  /** Milliseconds, for the start-up log. */
  timings: { startMs: number; seedMs: number; totalMs: number }
  /** Stops every anvil; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts an anvil per chain id and seeds each, all in parallel.
 * @param options.chainIds - default `[31337, 31338]`.
 * @throws after stopping whatever did start, when any chain fails to start or seed.
 */
export async function startChains(options: { chainIds?: readonly number[] } = {}): Promise<Chains> {
  const { chainIds = LOCAL_CHAIN_IDS } = options
  const began = performance.now()
  const started = await Promise.allSettled(chainIds.map((chainId) => startAnvil({ chainId })))
  const anvils = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const stop = () => Promise.all(anvils.map((a) => a.stop())).then(() => undefined)
  const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }
  const startMs = performance.now() - began
  let chains: ChainDescription[]
  try {
    chains = await Promise.all(anvils.map((a: Anvil) => deployAndSeed(a)))
    // The genesis keeps its fixed time (a reproducible hash), and the seed its blocks beside it;
    // what happens afterwards carries the time it happens: an empty block dated now is mined, so
    // the chain's clock (the latest block, which swap deadlines are read against) is today's, and
    // anvil counts on from there (blocks mined within one second share their timestamp).
    const now = Math.floor(Date.now() / 1000)
    await Promise.all(anvils.map((a) => rpc(a.rpcUrl, 'evm_mine', [now])))
  } catch (error) {
    await stop()
    throw error
  }
  const totalMs = performance.now() - began
  return { chains, timings: { startMs, seedMs: totalMs - startMs, totalMs }, stop }
}
