import { createPublicClient, getAddress, type Hex, http, isAddress, isHex } from 'viem'
import { verifyMessage } from 'viem/actions'
import { dictionaryCandidates } from './words.js'

/** Zones names may be registered in; the first is the current one, the second the legacy one. */
export const NAME_ZONES = ['reown.id', 'wcn.id'] as const

/** |timestamp − now| allowed for a registration message, in seconds (the public service's window). */
export const TIMESTAMP_WINDOW_S = 10

/** Label length the service accepts. */
export const LABEL_LENGTH = { min: 3, max: 64 } as const

/** Suggestions answered at most, the exact name included. */
export const SUGGESTIONS_MAX = 5

/** Mainnet's SLIP-44 coin type; every name also resolves under it. */
export const COIN_TYPE_ETH = 60

/** A stored name, as the lookup routes serialise it. */
export interface NameRecord {
  name: string
  registered_at: string
  updated_at: string
  attributes: Record<string, string>
  /** Keyed by ENSIP-11 coin type (decimal string in JSON). */
  addresses: Record<number, { address: string; created_at: string }>
}

/** What `POST /v1/profile/account` takes. */
export interface RegisterRequest {
  coin_type: number
  address: string
  message: string
  signature: string
}

/** Why the registry refused a registration; `status` is the HTTP status it answers with. */
export type Refusal = {
  status: 400 | 409
  reason:
    | 'malformed'
    | 'invalid-name'
    | 'invalid-zone'
    | 'unsupported-coin-type'
    | 'binding-mismatch'
    | 'expired-timestamp'
    | 'unsupported-attribute'
    | 'replayed'
    | 'taken'
    | 'bad-signature'
  message: string
}

/** Options of {@link createNamesRegistry}. */
export interface NamesRegistryOptions {
  /** JSON-RPC URL per decimal chain id: signatures are checked there (EIP-1271 for contracts). */
  rpc: Readonly<Record<string, string>>
  /** Current time in ms; default Date.now (tests move it). */
  now?: () => number
}

/** The names registry behind the profile routes. */
export interface NamesRegistry {
  register(request: unknown): Promise<{ record: NameRecord } | { refusal: Refusal }>
  lookup(name: string): NameRecord | undefined
  /** Names that resolve to `address` (any coin type), oldest first. */
  reverse(address: string): NameRecord[]
  /** The exact name in `zone` with its registered flag, then up to 4 free dictionary names. */
  suggestions(label: string, zone: string): { name: string; registered: boolean }[]
  /** Stores a name without a signature (fixtures and the demo), under these coin types and 60. */
  seed(name: string, address: string, coinTypes?: number | readonly number[]): NameRecord
  /** Every refused registration, oldest first. */
  readonly refusals: readonly Refusal[]
  /** Forgets every name, used signature and refusal, then re-applies the seeds. */
  reset(): void
}

/** ENSIP-11 coin type of an EVM chain id (mainnet is SLIP-44's 60). */
export function coinTypeOfChain(chainId: number): number {
  if (chainId === 1) return COIN_TYPE_ETH
  return (0x80000000 | chainId) >>> 0
}

/** The EVM chain id of an ENSIP-11 coin type, or undefined when it names none. */
export function chainOfCoinType(coinType: number): number | undefined {
  if (coinType === COIN_TYPE_ETH) return 1
  if (!Number.isSafeInteger(coinType) || coinType < 0x80000000 || coinType > 0xffffffff)
    return undefined
  return coinType & 0x7fffffff
}

const NAME_FORMAT = /^[a-z0-9.-]+$/
const BIO = /^[a-zA-Z0-9@:/._\-?&=+ ]+$/

/** Checks the name's format, label length and zone, as the public service does. */
export function nameProblem(name: string): Refusal | undefined {
  const parts = name.split('.')
  if (!NAME_FORMAT.test(name) || parts.length !== 3)
    return { status: 400, reason: 'invalid-name', message: `Invalid name format: ${name}` }
  const label = parts[0] ?? ''
  if (label.length < LABEL_LENGTH.min || label.length > LABEL_LENGTH.max)
    return { status: 400, reason: 'invalid-name', message: `Invalid name length: ${name}` }
  if (!(NAME_ZONES as readonly string[]).includes(parts.slice(1).join('.')))
    return {
      status: 400,
      reason: 'invalid-zone',
      message: `Name is not in an allowed zone: ${name}`,
    }
  return undefined
}

/**
 * Creates the registry. Registration checks, in order: the message is the JSON payload; the name's
 * format, length and zone; the coin type names a local chain; fields the message binds (address,
 * coin_type, chain_id) equal the request's; the signature was not used before; the name is free;
 * |timestamp − now| ≤ 10 s; attributes are only `bio`; and the signature is the address's on its
 * chain (EIP-191 for an account without code, EIP-1271 for a contract).
 */
export function createNamesRegistry(options: NamesRegistryOptions): NamesRegistry {
  const now = options.now ?? Date.now
  const byName = new Map<string, NameRecord>()
  const usedSignatures = new Set<string>()
  const refusals: Refusal[] = []
  const seeds: [string, string, readonly number[]][] = []
  const clients = new Map<number, ReturnType<typeof createPublicClient>>()

  function clientFor(chainId: number) {
    const url = options.rpc[String(chainId)]
    if (!url) return undefined
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 0 }) })
      clients.set(chainId, client)
    }
    return client
  }

  function store(name: string, address: string, coinTypes: readonly number[]): NameRecord {
    const at = new Date(now()).toISOString()
    const entry = { address: getAddress(address), created_at: at }
    const addresses: NameRecord['addresses'] = {}
    for (const coinType of coinTypes) addresses[coinType] = entry
    // The public service also resolves every name on mainnet.
    addresses[COIN_TYPE_ETH] ??= entry
    const record = { name, registered_at: at, updated_at: at, attributes: {}, addresses }
    byName.set(name, record)
    return record
  }

  async function check(input: unknown): Promise<{ record: NameRecord } | { refusal: Refusal }> {
    const refuse = (
      reason: Refusal['reason'],
      message: string,
      status: Refusal['status'] = 400,
    ) => ({ refusal: { status, reason, message } })
    const request = (input ?? {}) as Partial<Record<keyof RegisterRequest, unknown>>
    const { coin_type: coinType, address, message, signature } = request
    if (
      typeof coinType !== 'number' ||
      typeof address !== 'string' ||
      !isAddress(address, { strict: false }) ||
      typeof message !== 'string' ||
      typeof signature !== 'string' ||
      !isHex(signature)
    )
      return refuse('malformed', 'Expected { coin_type, address, message, signature }')
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(message)
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw 0
    } catch {
      return refuse('malformed', 'The message is not a JSON object')
    }
    const { name, timestamp, attributes } = payload
    if (typeof name !== 'string' || typeof timestamp !== 'number' || !Number.isInteger(timestamp))
      return refuse('malformed', 'The message needs a name and an integer timestamp')
    const problem = nameProblem(name)
    if (problem) return { refusal: problem }
    const chainId = chainOfCoinType(coinType)
    const client = chainId === undefined ? undefined : clientFor(chainId)
    if (chainId === undefined || !client)
      return refuse('unsupported-coin-type', `Unsupported coin type: ${coinType}`)
    // A message that names its address, coin type or chain binds the registration to them.
    const bound: [string, unknown, unknown][] = [
      ['address', payload.address, address],
      ['coin_type', payload.coin_type, coinType],
      ['chain_id', payload.chain_id, chainId],
    ]
    for (const [field, inMessage, inRequest] of bound) {
      if (inMessage === undefined) continue
      const same =
        field === 'address'
          ? typeof inMessage === 'string' && inMessage.toLowerCase() === address.toLowerCase()
          : inMessage === inRequest
      if (!same) return refuse('binding-mismatch', `The message was signed for another ${field}`)
    }
    if (usedSignatures.has(signature.toLowerCase()))
      return refuse('replayed', 'This signature was already used', 409)
    if (byName.has(name)) return refuse('taken', `Name is already registered: ${name}`, 409)
    if (Math.abs(timestamp - Math.floor(now() / 1000)) > TIMESTAMP_WINDOW_S)
      return refuse('expired-timestamp', `Expired timestamp: ${timestamp}`)
    if (attributes !== undefined && attributes !== null) {
      const entries = typeof attributes === 'object' ? Object.entries(attributes) : [['', 0]]
      if (
        Array.isArray(attributes) ||
        entries.some(
          ([k, v]) => k !== 'bio' || typeof v !== 'string' || v.length > 255 || !BIO.test(v),
        )
      )
        return refuse('unsupported-attribute', 'Unsupported name attribute')
    }
    const valid = await verifyMessage(client, {
      address: getAddress(address),
      message,
      signature: signature as Hex,
    }).catch(() => false)
    if (!valid) return refuse('bad-signature', 'Signature verification error')
    // Checked again: another registration of the name may have finished during the chain call.
    if (byName.has(name)) return refuse('taken', `Name is already registered: ${name}`, 409)
    usedSignatures.add(signature.toLowerCase())
    return { record: store(name, address, [coinType]) }
  }

  return {
    refusals,
    async register(input) {
      const outcome = await check(input)
      if ('refusal' in outcome) refusals.push(outcome.refusal)
      return outcome
    },
    lookup: (name) => byName.get(name.toLowerCase()),
    reverse(address) {
      if (!isAddress(address, { strict: false })) return []
      const wanted = address.toLowerCase()
      return [...byName.values()].filter((r) =>
        Object.values(r.addresses).some((a) => a.address.toLowerCase() === wanted),
      )
    },
    suggestions(label, zone) {
      const exact = `${label}.${zone}`
      const out = [{ name: exact, registered: byName.has(exact) }]
      for (const candidate of dictionaryCandidates(label)) {
        if (out.length >= SUGGESTIONS_MAX) break
        const name = `${candidate}.${zone}`
        if (name !== exact && !byName.has(name)) out.push({ name, registered: false })
      }
      return out
    },
    seed(name, address, coinTypes = COIN_TYPE_ETH) {
      const list = typeof coinTypes === 'number' ? [coinTypes] : coinTypes
      seeds.push([name, address, list])
      return store(name, address, list)
    },
    reset() {
      byName.clear()
      usedSignatures.clear()
      refusals.length = 0
      for (const [name, address, coinTypes] of seeds) store(name, address, coinTypes)
    },
  }
}
