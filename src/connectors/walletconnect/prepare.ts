import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../core/constants.js'
import { WalletKitError } from '../../core/errors/base.js'
import type { PairingPreparer, PreparedPairing } from '../../core/phone/ports.js'
import type { CaipNetwork } from '../../core/types/caip.js'
import type { ProposalNamespace } from './namespaces.js'
import { adoptSession, type WalletConnectProvider } from './provider.js'

type Session = NonNullable<WalletConnectProvider['session']>

/**
 * The WalletConnect connector's side of pairings prepared ahead of a phone visitor's tap: a
 * proposal made in the background (its URI kept apart from the pairing controller until a connect
 * adopts it), the adoption, and the wait for a session approved while the page was unloaded.
 *
 * @param parts.load - Creates (once) and returns the provider.
 * @param parts.live - True when the provider has a live session.
 * @param parts.propose - Proposes a session and waits for the wallet's answer.
 * @param parts.namespaces - The proposal's namespaces (a reload adopts a session with them).
 * @param parts.now - Clock in ms.
 */
export function createPairingPreparer(parts: {
  load: () => Promise<WalletConnectProvider>
  live: (provider: WalletConnectProvider) => boolean
  propose: (provider: WalletConnectProvider, network?: CaipNetwork) => Promise<void>
  namespaces: () => Record<string, ProposalNamespace>
  now: () => number
}) {
  /** A prepared pairing the next connect waits for instead of proposing again. */
  let adopted: PreparedPairing | undefined
  /** The prepared pairing whose URI the next `display_uri` is. */
  let awaitingUri: ((uri: string) => void) | undefined

  const preparer: PairingPreparer = {
    propose() {
      const createdAt = parts.now()
      let resolveUri: (uri: string) => void = () => undefined
      let rejectUri: (error: unknown) => void = () => undefined
      const uri = new Promise<string>((resolve, reject) => {
        resolveUri = resolve
        rejectUri = reject
      })
      const approved = parts.load().then((p) => {
        if (parts.live(p)) throw new WalletKitError('WalletConnect is already connected.')
        // A tap leaves the page for the wallet: the URI is given once what WalletConnect wrote of
        // the proposal is kept (it does not wait for its request's history record), so the page
        // that comes back can read the wallet's answer.
        const storage = p.client.core.storage as { settled?: () => Promise<void> } | undefined
        awaitingUri = (next) => {
          // `settled()` never rejects: a write that failed is finished too.
          void Promise.resolve(storage?.settled?.()).then(() => resolveUri(next))
        }
        return parts.propose(p)
      })
      approved.catch(rejectUri)
      // Nobody may ever adopt it: its end is no error of the page.
      uri.catch(() => undefined)
      return { uri, approved, createdAt }
    },
    adopt(pairing) {
      adopted = pairing
    },
    async awaitSession(timeoutMs) {
      const p = await parts.load()
      const adoptLive = async (session: Session) => {
        await adoptSession(p, session, parts.namespaces())
        return parts.live(p)
      }
      // The session may have settled while the provider started.
      const settled = p.session ?? p.client.session.getAll()[0]
      if (settled) return adoptLive(settled)
      return new Promise<boolean>((resolve) => {
        const done = (result: boolean) => {
          clearTimeout(timer)
          p.client.off('session_connect', onSession)
          resolve(result)
        }
        const onSession = ({ session }: { session: Session }) =>
          void adoptLive(session).then(done, () => done(false))
        const timer = setTimeout(() => done(false), timeoutMs)
        p.client.on('session_connect', onSession)
      })
    },
  }

  return {
    preparer,
    /** The adopted pairing, once, while it is still valid (SPEC §4). */
    takeAdopted(): PreparedPairing | undefined {
      const pairing = adopted
      adopted = undefined
      return pairing &&
        parts.now() - pairing.createdAt < PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
        ? pairing
        : undefined
    },
    /** Gives `uri` to the prepared pairing waiting for it; false when none waits. */
    takeUri(uri: string): boolean {
      const waiting = awaitingUri
      awaitingUri = undefined
      waiting?.(uri)
      return waiting !== undefined
    },
  }
}
