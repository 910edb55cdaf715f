import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { AddressCheck } from '../types/adapter.js'
import type { CaipNetwork } from '../types/caip.js'
import type { NameProfile } from '../types/services.js'

/** Why the recipient cannot be sent to. */
export type RecipientIssue = 'invalid-address' | 'checksum' | 'unknown-name' | 'lookup-failed'

/** The recipient as the visitor typed it, checked and (for a name) resolved. */
export type Recipient =
  | { status: 'empty' }
  | { status: 'address'; address: string }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; name: string; address: string }
  | { status: 'invalid'; issue: RecipientIssue }

const NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/** True for text that reads as a name (`label.zone`), not an address. */
export const isName = (value: string) => NAME.test(value)

/** Ethereum mainnet's coin type (SLIP-44), under which every name's address is kept too. */
const ETHEREUM_COIN_TYPE = 60

/**
 * The address a name points to on `network`: the network's own coin type (ENSIP-11,
 * `0x80000000 | chainId`) first, then Ethereum's, then the first it has.
 */
export function addressOfProfile(profile: NameProfile, network: CaipNetwork): string | undefined {
  const own = (0x80000000 | Number(network.reference)) >>> 0
  return (
    profile.addresses.find((a) => a.coinType === own) ??
    profile.addresses.find((a) => a.coinType === ETHEREUM_COIN_TYPE) ??
    profile.addresses[0]
  )?.address
}

/** What a recipient field needs: the namespace's address check and, where names exist, lookups. */
export type RecipientFieldParameters = {
  /** The active namespace's address check (`ChainAdapter.checkAddress`). */
  check: (value: string) => AddressCheck | undefined
  /** Looks a name up, when names may be used now (eip155 with a blockchain API); else undefined. */
  lookup: () =>
    | ((name: string, signal: AbortSignal) => Promise<NameProfile | undefined>)
    | undefined
  /** The network whose address a name should give. */
  network: () => CaipNetwork | undefined
  /** Wait after the last keystroke before a name is looked up, in ms. */
  debounceMs: number
}

/**
 * A recipient field: what was typed, and what it is (an address checked by SPEC §5 and EIP-55, a
 * name being looked up after a pause, a name resolved to its address, or why neither). Typing on
 * abandons the lookup of what was typed before. Send uses it; any flow that takes a recipient may.
 */
export function createRecipientField(p: RecipientFieldParameters) {
  const text = signal('')
  const recipient = signal<Recipient>({ status: 'empty' })
  let pending: AbortController | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  function cancel() {
    clearTimeout(timer)
    pending?.abort()
  }

  async function resolve(
    name: string,
    lookup: NonNullable<ReturnType<RecipientFieldParameters['lookup']>>,
    signal: AbortSignal,
  ) {
    const network = p.network()
    try {
      const profile = await lookup(name, signal)
      if (signal.aborted) return
      const address = profile && network ? addressOfProfile(profile, network) : undefined
      const check = address ? p.check(address) : undefined
      recipient.value = check?.valid
        ? { status: 'resolved', name, address: check.address }
        : { status: 'invalid', issue: 'unknown-name' }
    } catch {
      if (!signal.aborted) recipient.value = { status: 'invalid', issue: 'lookup-failed' }
    }
  }

  function set(typed: string) {
    cancel()
    text.value = typed
    const value = typed.trim()
    const check = value ? p.check(value) : undefined
    const lookup = p.lookup()
    if (!value) recipient.value = { status: 'empty' }
    else if (check?.valid) recipient.value = { status: 'address', address: check.address }
    else if (lookup && isName(value)) {
      const name = value.toLowerCase()
      recipient.value = { status: 'resolving', name }
      const controller = new AbortController()
      pending = controller
      timer = setTimeout(() => void resolve(name, lookup, controller.signal), p.debounceMs)
    } else
      recipient.value = {
        status: 'invalid',
        issue: check?.reason === 'checksum' ? 'checksum' : 'invalid-address',
      }
  }

  return {
    /** What was typed. */
    text: text as ReadonlySignal<string>,
    /** What it is. */
    recipient: recipient as ReadonlySignal<Recipient>,
    /** The address to send to, once there is one. */
    address: computed(() => {
      const r = recipient.value
      return r.status === 'address' || r.status === 'resolved' ? r.address : undefined
    }),
    set,
    /** Empties the field (and abandons a lookup). */
    clear() {
      cancel()
      batch(() => {
        text.value = ''
        recipient.value = { status: 'empty' }
      })
    },
    /** Abandons a lookup in progress. */
    destroy: cancel,
  }
}
