import { randomBytes } from 'node:crypto'
import type { Listing } from './catalog.js'
import type { Payout } from './payout.js'
import type { OnRampQuote } from './quote.js'

/** Minutes a checkout link stays usable. */
export const SESSION_LIFETIME_MS = 15 * 60 * 1000

/** One checkout the generator created. */
export interface CheckoutSession {
  id: string
  listing: Listing
  /** Where the asset goes. */
  address: string
  partnerUserId: string
  quote: OnRampQuote
  status: 'open' | 'paid' | 'cancelled' | 'failed'
  createdAt: number
  payout?: Payout
  error?: string
}

/** The generator's sessions, by id. */
export function createSessions(now: () => number = Date.now) {
  const byId = new Map<string, CheckoutSession>()
  return {
    all: () => [...byId.values()],
    create(fields: Pick<CheckoutSession, 'listing' | 'address' | 'partnerUserId' | 'quote'>) {
      const session: CheckoutSession = {
        ...fields,
        id: randomBytes(12).toString('hex'),
        status: 'open',
        createdAt: now(),
      }
      byId.set(session.id, session)
      return session
    },
    /** The session, while its link is valid. */
    get(id: string): CheckoutSession | undefined {
      const session = byId.get(id)
      return session && now() - session.createdAt < SESSION_LIFETIME_MS ? session : undefined
    },
    clear: () => byId.clear(),
  }
}
