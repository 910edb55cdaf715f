import { ConnectAbortedError } from '../../core/errors/connection.js'
import type { WalletConnectProvider } from './provider.js'

/**
 * One proposal at a time, and the latest one asked for: a proposal starts once the one before has
 * its URI out or has failed (or after `waitMs`, should the relay never answer), and one that was
 * still waiting when a newer was asked for is dropped with ConnectAbortedError. A visitor who
 * opens and closes the QR view faster than a proposal takes (or a script that does) would
 * otherwise start one `connect()` per opening, all in flight at once, each leaving a pairing, keys
 * and a pending proposal that only its own URI could end (`unused.ts`; issue 31 G4).
 *
 * @param waitMs - The longest wait for the proposal before (the relay's time-out).
 * @returns Runs `connect` (a proposal on `provider`) in its turn.
 */
export function createProposalLine(waitMs: number) {
  let making: Promise<void> = Promise.resolve()
  let asked = 0
  return async (provider: WalletConnectProvider, connect: () => Promise<void>): Promise<void> => {
    const mine = ++asked
    const before = making
    let made: () => void = () => undefined
    making = new Promise<void>((resolve) => {
      made = resolve
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([before, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))])
    clearTimeout(timer)
    if (mine !== asked) {
      made()
      throw new ConnectAbortedError()
    }
    provider.once('display_uri', made)
    try {
      await connect()
    } finally {
      provider.removeListener('display_uri', made)
      made()
    }
  }
}
