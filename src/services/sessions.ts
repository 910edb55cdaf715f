import type { SessionPermission, SmartSession } from '../core/sessions/types.js'
import type { RevokeSessionBody } from '../core/types/services.js'
import type { HttpClient } from './http.js'
import { finite, list, optionalText, record, text } from './parse.js'

/** The service lists at most this many sessions. */
const MAX_SESSIONS = 255
const MAX_PERMISSIONS = 50
/** A pci goes into a signed message: only a plain token (UUID, hex) is accepted. */
const PCI = /^[A-Za-z0-9_-]{1,128}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/
/** Unix seconds beyond this are nonsense (year 2286+). */
const MAX_UNIX_SECONDS = 9_999_999_999

/** Creates the smart-session calls of the blockchain API (`/v1/sessions/{caipAddress}`). */
export function createSessionsService(http: HttpClient) {
  const path = (caipAddress: string) => `/v1/sessions/${encodeURIComponent(caipAddress)}`
  return {
    /** The account's sessions. */
    getSessions(caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]> {
      return http.json({ path: path(caipAddress), signal, identify: 'query' }, parseSessions)
    },
    /** Posts `{ pci, signature }` to revoke a session. */
    revokeSession(caipAddress: string, body: RevokeSessionBody): Promise<void> {
      return http.post({ path: `${path(caipAddress)}/revoke`, body, identify: 'query' })
    },
  }
}

const seconds = (o: Record<string, unknown>, key: string) => {
  const value = finite(o, key)
  if (value < 0 || value > MAX_UNIX_SECONDS) throw new Error(`${key} is out of range`)
  return value * 1000
}

function parsePermission(value: unknown): SessionPermission | null {
  try {
    const p = record(value, 'permission')
    const type = text(p, 'type', 60)
    const data = record(p.data, 'data')
    if (type === 'contract-call') {
      const contract = text(data, 'address', 42)
      if (!ADDRESS.test(contract)) return null
      const functions = list(data.functions, 'functions')
        .slice(0, 20)
        .map((f) => optionalText(record(f, 'function'), 'functionName', 100))
        .filter((f): f is string => f !== null)
      return { type, contract, functions }
    }
    if (type === 'native-token-recurring-allowance' || type === 'erc20-recurring-allowance') {
      const allowance = String(data.allowance ?? '')
      if (!QUANTITY.test(allowance)) return null
      const periodSeconds = finite(data, 'period')
      if (periodSeconds <= 0) return null
      if (type === 'native-token-recurring-allowance')
        return { type, allowance: BigInt(allowance), periodSeconds }
      const token = text(data, 'token', 42)
      if (!ADDRESS.test(token)) return null
      return { type, token, allowance: BigInt(allowance), periodSeconds }
    }
    return { type: 'other', name: type }
  } catch {
    return null
  }
}

function parseSession(value: unknown): SmartSession | null {
  try {
    const s = record(value, 'session')
    const pci = text(s, 'pci', 128)
    if (!PCI.test(pci)) return null
    const project = record(s.project, 'project')
    const revoked =
      Object.hasOwn(s, 'revokedAt') && s.revokedAt !== null && s.revokedAt !== undefined
    return {
      pci,
      project: {
        name: text(project, 'name', 200),
        url: optionalText(project, 'url', 2048) ?? undefined,
        iconUrl: optionalText(project, 'iconUrl', 256 * 1024) ?? undefined,
      },
      expiry: seconds(s, 'expiry'),
      createdAt: seconds(s, 'createdAt'),
      revokedAt: revoked ? seconds(s, 'revokedAt') : undefined,
      permissions: list(s.permissions ?? [], 'permissions')
        .slice(0, MAX_PERMISSIONS)
        .map(parsePermission)
        .filter((p): p is SessionPermission => p !== null),
    }
  } catch {
    return null
  }
}

/**
 * Parses `{ pcis }` (service-shapes §5.1) defensively: known fields only, times in Unix seconds
 * turned into ms, a session with a malformed pci, name or time dropped, at most 255.
 */
export function parseSessions(value: unknown): SmartSession[] {
  const o = record(value, 'sessions')
  return list(o.pcis, 'pcis')
    .slice(0, MAX_SESSIONS)
    .map(parseSession)
    .filter((s): s is SmartSession => s !== null)
}
