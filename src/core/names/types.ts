import type { NameProfile } from '../types/services.js'

/** One suggestion: a full name and whether someone registered it. */
export type NameSuggestion = { name: string; registered: boolean }

/** What `POST /v1/profile/account` takes (SPEC §7). */
export type RegisterNameRequest = {
  coin_type: number
  address: string
  message: string
  signature: string
}

/** The profile calls of the blockchain API beside `lookupName` (part of `BlockchainApi`). */
export type NamesApi = {
  /** Names resolving to an address (`/v1/profile/reverse/{address}`); malformed ones dropped. */
  reverseNames(address: string, signal?: AbortSignal): Promise<NameProfile[]>
  /** The exact name first with its flag, then free ones (`/v1/profile/suggestions/{label}`). */
  nameSuggestions(label: string, zone: string, signal?: AbortSignal): Promise<NameSuggestion[]>
  /** Registers a signed name (`POST /v1/profile/account`); resolves with its profile. */
  registerName(request: RegisterNameRequest): Promise<NameProfile>
}
