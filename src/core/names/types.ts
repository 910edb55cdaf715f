/** A registered name and the addresses it resolves to, by ENSIP-11 coin type. */
export type NameRecord = {
  name: string
  /** Keyed by coin type as a decimal string ('60', '2147492101', …). */
  addresses: Readonly<Record<string, { address: string }>>
}

/** One suggestion: a full name and whether someone registered it. */
export type NameSuggestion = { name: string; registered: boolean }

/** What `POST /v1/profile/account` takes (SPEC §7). */
export type RegisterNameRequest = {
  coin_type: number
  address: string
  message: string
  signature: string
}

/** The profile calls of the blockchain API (implemented in services/). */
export type NamesApi = {
  /** The record of a name, or null when nobody registered it (`/v1/profile/account/{name}`). */
  lookup(name: string, signal?: AbortSignal): Promise<NameRecord | null>
  /** Names resolving to an address (`/v1/profile/reverse/{address}`). */
  reverse(address: string, signal?: AbortSignal): Promise<NameRecord[]>
  /** The exact name first with its flag, then free ones (`/v1/profile/suggestions/{label}`). */
  suggestions(label: string, zone: string, signal?: AbortSignal): Promise<NameSuggestion[]>
  /** Registers a signed name; resolves with its record. */
  register(request: RegisterNameRequest): Promise<NameRecord>
}
