import { randomBytes, randomUUID } from 'node:crypto'
import { getAddress } from 'viem'

/** A permission of a smart session (ERC-7715), as the public service lists it. */
export type SessionPermission =
  | {
      type: 'contract-call'
      data: {
        address: string
        abi: unknown[]
        functions: { functionName: string; args?: unknown[]; valueLimit?: string }[]
      }
    }
  | {
      type: 'native-token-recurring-allowance'
      data: { allowance: string; start: number; period: number }
    }
  | {
      type: 'erc20-recurring-allowance'
      data: { token: string; allowance: string; start: number; period: number }
    }
  | { type: string; data: unknown }

/** One smart session of `/v1/sessions/{address}` (service-shapes §5.1); times in Unix seconds. */
export interface SmartSession {
  project: { id: string; name: string; url: string | null; iconUrl: string | null }
  pci: string
  expiry: number
  createdAt: number
  permissions: SessionPermission[]
  policies: { type: string; data: unknown }[]
  context: string
  revokedAt?: number
}

/** What {@link SessionStore.grant} takes: the permissions a visitor granted a site. */
export interface GrantInput {
  /** CAIP-10 of the granting account, e.g. `eip155:31337:0xf39F…`. */
  caipAddress: string
  project: { id?: string; name: string; url?: string | null; iconUrl?: string | null }
  permissions: SessionPermission[]
  policies?: { type: string; data: unknown }[]
  /** Unix seconds. */
  expiry: number
  /** Unix seconds; default now. */
  createdAt?: number
}

/** The public service lists at most this many sessions per account. */
export const SESSIONS_LIST_MAX = 255

/** Lower-cased CAIP-10 with a checksummed address, so any spelling finds the same account. */
export function accountKey(caipAddress: string): string {
  const [namespace = '', reference = '', address = ''] = caipAddress.split(':')
  return `${namespace}:${reference}:${getAddress(address)}`
}

/**
 * Smart sessions kept per account in memory, as the service keeps what wallets granted:
 * `grant` stands in for a site's `wallet_grantPermissions` round trip, `revoke` marks a session.
 */
export function createSessionStore(now: () => number = () => Math.floor(Date.now() / 1000)) {
  const byAccount = new Map<string, SmartSession[]>()
  return {
    /** Records a granted session; returns it (with a fresh pci). */
    grant(input: GrantInput): SmartSession {
      const key = accountKey(input.caipAddress)
      const session: SmartSession = {
        project: {
          id: input.project.id ?? randomBytes(16).toString('hex'),
          name: input.project.name,
          url: input.project.url ?? null,
          iconUrl: input.project.iconUrl ?? null,
        },
        pci: randomUUID(),
        expiry: input.expiry,
        createdAt: input.createdAt ?? now(),
        permissions: input.permissions,
        policies: input.policies ?? [],
        context: `0x${randomBytes(32).toString('hex')}`,
      }
      byAccount.set(key, [...(byAccount.get(key) ?? []), session])
      return session
    },
    /** The account's sessions, newest first, at most {@link SESSIONS_LIST_MAX}. */
    list(caipAddress: string): SmartSession[] {
      const list = byAccount.get(accountKey(caipAddress)) ?? []
      return [...list].sort((a, b) => b.createdAt - a.createdAt).slice(0, SESSIONS_LIST_MAX)
    },
    /** The account's session with this pci, if any. */
    find(caipAddress: string, pci: string): SmartSession | undefined {
      return byAccount.get(accountKey(caipAddress))?.find((s) => s.pci === pci)
    },
    /** Marks the session revoked now. */
    revoke(session: SmartSession): void {
      session.revokedAt = now()
    },
    /** Forgets every session. */
    clear: () => byAccount.clear(),
  }
}

/** The sessions of the stand-in. */
export type SessionStore = ReturnType<typeof createSessionStore>
