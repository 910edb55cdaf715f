import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals-core'
import { HttpRequestError } from '../errors/http.js'
import { SignatureDeclinedError, UserRejectedRequestError } from '../errors/rpc.js'
import { SmartSessionRevokeError, SmartSessionsFetchError } from '../errors/sessions.js'
import { createNonce } from '../siwx/nonce.js'
import type { BlockchainApi } from '../types/services.js'
import { revocationMessage } from './message.js'
import { type SessionState, type SmartSession, sessionState } from './types.js'

/** Whose sessions are shown: the active eip155 account. */
export type SessionsTarget = { caipAddress: string; address: string }

/** A session with its state now. */
export type SessionRow = SmartSession & { state: SessionState }

/** Why the last revocation failed: declined in the wallet, signature refused (401), or other. */
export type RevokeFailure = { pci: string; reason: 'declined' | 'signature-refused' | 'failed' }

/** The smart sessions controller. */
export type SmartSessions = ReturnType<typeof createSmartSessions>

/**
 * Creates the smart sessions controller: the account's sessions with their state (active,
 * expired, revoked), active ones first; revoking asks the wallet to sign {@link revocationMessage}
 * (the session, the account, the site, the time and a nonce) and posts it with the signature, then
 * reloads the list. A signature the service refuses (401)
 * and one declined in the wallet are told apart.
 */
export function createSmartSessions(parameters: {
  api: Pick<BlockchainApi, 'getSessions' | 'revokeSession'>
  target: ReadonlySignal<SessionsTarget | undefined>
  /** Asks the connected wallet to sign `message` (personal_sign) as `address`. */
  sign: (message: string, address: string) => Promise<string>
  /** The site's host (`location.host` of the page), named in the signed message. */
  domain: () => string | undefined
  now?: () => number
}) {
  const now = parameters.now ?? Date.now
  const sessions = signal<readonly SmartSession[]>([])
  const status = signal<'idle' | 'loading' | 'ready' | 'error'>('idle')
  const revoking = signal<string | undefined>(undefined)
  const failure = signal<RevokeFailure | undefined>(undefined)
  const error = signal<SmartSessionsFetchError | undefined>(undefined)
  let generation = 0

  async function load(): Promise<void> {
    const target = parameters.target.peek()
    const run = ++generation
    if (!target) {
      batch(() => {
        sessions.value = []
        status.value = 'idle'
      })
      return
    }
    status.value = 'loading'
    try {
      const list = await parameters.api.getSessions(target.caipAddress)
      if (run !== generation) return
      batch(() => {
        sessions.value = list
        status.value = 'ready'
        error.value = undefined
      })
    } catch (cause) {
      if (run !== generation) return
      batch(() => {
        status.value = 'error'
        error.value = new SmartSessionsFetchError(cause)
      })
    }
  }

  /**
   * Revokes one session: the wallet signs, the service checks the signature. Throws
   * SmartSessionRevokeError (or the wallet's error) after recording why in `failure`.
   */
  async function revoke(pci: string): Promise<void> {
    const target = parameters.target.peek()
    if (!target || revoking.peek()) return
    batch(() => {
      revoking.value = pci
      failure.value = undefined
    })
    try {
      const domain = parameters.domain()
      const binding = {
        domain: domain ?? '',
        issuedAt: new Date(now()).toISOString(),
        nonce: createNonce(),
      }
      const message = revocationMessage({ pci, caipAddress: target.caipAddress, ...binding })
      let signature: string
      try {
        // Without the page's host the message cannot name its site: nothing to sign.
        if (!domain) throw new SmartSessionRevokeError({ reason: 'failed' })
        signature = await parameters.sign(message, target.address)
      } catch (error) {
        failure.value = {
          pci,
          reason:
            error instanceof UserRejectedRequestError || error instanceof SignatureDeclinedError
              ? 'declined'
              : 'failed',
        }
        throw error
      }
      try {
        await parameters.api.revokeSession(target.caipAddress, { pci, signature, ...binding })
      } catch (error) {
        // Revoked meanwhile (409): the list below shows it so.
        if (error instanceof HttpRequestError && error.status === 409) return
        const reason =
          error instanceof HttpRequestError && error.status === 401 ? 'signature-refused' : 'failed'
        failure.value = { pci, reason }
        throw new SmartSessionRevokeError({ reason, cause: error })
      }
    } finally {
      revoking.value = undefined
      await load()
    }
  }

  const ORDER: Record<SessionState, number> = { active: 0, expired: 1, revoked: 2 }
  const rows = computed<SessionRow[]>(() => {
    const at = now()
    return sessions.value
      .map((s) => ({ ...s, state: sessionState(s, at) }))
      .sort((a, b) => ORDER[a.state] - ORDER[b.state] || b.createdAt - a.createdAt)
  })

  // Another account: its sessions are not these.
  let lastKey = parameters.target.peek()?.caipAddress
  const stopTarget = effect(() => {
    const key = parameters.target.value?.caipAddress
    if (key === lastKey) return
    lastKey = key
    generation++
    batch(() => {
      sessions.value = []
      status.value = 'idle'
      failure.value = undefined
    })
  })

  return {
    /** Every session with its state: active ones first, then expired, then revoked; newest first. */
    rows,
    status: status as ReadonlySignal<'idle' | 'loading' | 'ready' | 'error'>,
    /** Why the list could not be loaded, while it could not. */
    error: error as ReadonlySignal<SmartSessionsFetchError | undefined>,
    /** The pci being revoked, while the wallet signs or the service answers. */
    revoking: revoking as ReadonlySignal<string | undefined>,
    /** Why the last revocation failed, until the next one starts. */
    failure: failure as ReadonlySignal<RevokeFailure | undefined>,
    load,
    revoke,
    destroy() {
      generation++
      stopTarget()
    },
  }
}
