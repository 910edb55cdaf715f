import type { SiwxOptions } from '../types/options.js'
import type { SafeStorage } from '../utils/storage.js'
import { isSiwxSession, type SiwxSession, type SiwxTarget } from './types.js'

/** Where local sessions are kept (under the storage's `walletkit:` prefix). */
export const SESSIONS_KEY = 'siwx:sessions'

/** Local sessions kept at most, newest first; older ones are dropped. */
const MAX_LOCAL_SESSIONS = 20

/** The session store. */
export type SiwxStore = ReturnType<typeof createSiwxStore>

const isList = (value: unknown): value is unknown[] => Array.isArray(value)
const matches = (session: SiwxSession, target: SiwxTarget) =>
  session.data.chainId === target.caipNetworkId && session.data.accountAddress === target.address

/**
 * Creates the session store: the site's `addSession` / `getSessions` / `revokeSession` hooks when it
 * gives them, else the browser's storage, which survives a reload. Nothing read back is trusted:
 * entries of the wrong shape are dropped here, and the controller verifies the rest again.
 */
export function createSiwxStore(parameters: {
  storage: SafeStorage
  hooks: Pick<SiwxOptions, 'addSession' | 'getSessions' | 'revokeSession'>
}) {
  const { storage, hooks } = parameters
  const local = (): SiwxSession[] => (storage.get(SESSIONS_KEY, isList) ?? []).filter(isSiwxSession)
  const save = (sessions: SiwxSession[]) =>
    storage.set(SESSIONS_KEY, sessions.slice(0, MAX_LOCAL_SESSIONS))

  return {
    /** Whether the site keeps the sessions itself. */
    remote: hooks.getSessions !== undefined,
    /** The sessions for an account and network, newest first, unverified. */
    async list(target: SiwxTarget): Promise<SiwxSession[]> {
      if (!hooks.getSessions) return local().filter((s) => matches(s, target))
      const sessions: unknown = await hooks.getSessions(target.caipNetworkId, target.address)
      return isList(sessions) ? sessions.filter(isSiwxSession) : []
    },
    /** Keeps a new session, replacing the account's previous one on that network. */
    async add(session: SiwxSession): Promise<void> {
      if (hooks.addSession) return hooks.addSession(session)
      save([session, ...local().filter((s) => !matches(s, targetOf(session)))])
    },
    /** Removes the sessions of an account on a network. */
    async revoke(target: SiwxTarget): Promise<void> {
      if (hooks.revokeSession) return hooks.revokeSession(target.caipNetworkId, target.address)
      save(local().filter((s) => !matches(s, target)))
    },
    /** Drops one local session that failed verification (the site's own store is left alone). */
    forget(session: SiwxSession): void {
      if (hooks.getSessions) return
      save(local().filter((s) => s.signature !== session.signature))
    },
    /** Nonces of the local sessions: none may be used again. */
    usedNonces(): string[] {
      return hooks.getSessions ? [] : local().map((s) => s.data.nonce)
    },
  }
}

function targetOf(session: SiwxSession): SiwxTarget {
  const { chainId, accountAddress } = session.data
  return {
    caipNetworkId: chainId,
    address: accountAddress,
    caipAddress: `${chainId}:${accountAddress}`,
  }
}
