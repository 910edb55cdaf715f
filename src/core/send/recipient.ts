import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import { type EnsNameProblem, InvalidEnsNameError } from '../errors/names.js'
import { normalizeSimpleName } from '../names/ensip15.js'
import { coinTypeOf } from '../names/message.js'
import type { AddressCheck } from '../types/adapter.js'
import type { CaipNetwork } from '../types/caip.js'
import type { NameProfile } from '../types/services.js'

/** Why the recipient cannot be sent to. */
export type RecipientIssue =
  | 'invalid-address'
  | 'checksum'
  | 'unknown-name'
  | 'lookup-failed'
  | 'names-unavailable'

/** The recipient as the visitor typed it, checked and (for a name) normalised and resolved. */
export type Recipient =
  | { status: 'empty' }
  | { status: 'address'; address: string }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; name: string; address: string }
  | { status: 'invalid'; issue: RecipientIssue }
  /** ENSIP-15 refuses the name: which rule, and what it concerns (a character, scripts). */
  | { status: 'invalid'; issue: 'invalid-name'; problem: EnsNameProblem; subject: string }

/** True for text that reads as a name (`label.zone`, in any script), not an address. */
export const isName = (value: string) => /^[^.]+(\.[^.]+)+$/u.test(value)

/**
 * The address a name points to on `network`: the one kept under the network's own coin type
 * (ENSIP-11: 60 for Ethereum mainnet, `0x80000000 | chainId` otherwise), and no other. An address
 * registered for another chain may not be the recipient's there (a contract account, say).
 */
export function addressOfProfile(profile: NameProfile, network: CaipNetwork): string | undefined {
  let own: number
  try {
    own = coinTypeOf(Number(network.reference))
  } catch {
    return undefined
  }
  return profile.addresses.find((a) => a.coinType === own)?.address
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
  /**
   * ENSIP-15 normalisation of a name outside the simple alphabet (loads the pack); undefined when
   * the kit has none. Rejects with InvalidEnsNameError, or EnsTablesError.
   */
  normalize?: ((name: string) => Promise<string>) | undefined
  /** Wait after the last keystroke before a name is looked up, in ms. */
  debounceMs: number
}

const invalidName = (error: InvalidEnsNameError): Recipient => ({
  status: 'invalid',
  issue: 'invalid-name',
  problem: error.problem,
  subject: error.subject,
})

/**
 * A recipient field: what was typed, and what it is (an address checked by SPEC §5 and EIP-55, a
 * name normalised by ENSIP-15 and looked up after a pause, a name resolved to its address, or why
 * neither). The name shown and looked up is the normalised one; the service's answer counts only
 * for that exact name and the network's coin type. Typing on abandons the lookup of what was typed
 * before. Send uses it; any flow that takes a recipient may.
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
    typed: string,
    simple: string | undefined,
    lookup: NonNullable<ReturnType<RecipientFieldParameters['lookup']>>,
    signal: AbortSignal,
  ) {
    const network = p.network()
    let name = simple
    if (name === undefined) {
      try {
        if (!p.normalize) throw 0
        name = await p.normalize(typed)
      } catch (error) {
        if (!signal.aborted)
          recipient.value =
            error instanceof InvalidEnsNameError
              ? invalidName(error)
              : { status: 'invalid', issue: 'names-unavailable' }
        return
      }
      if (signal.aborted) return
      recipient.value = { status: 'resolving', name }
    }
    try {
      const profile = await lookup(name, signal)
      if (signal.aborted) return
      // A record for another name than the one asked for is no answer.
      const address =
        profile?.name === name && network ? addressOfProfile(profile, network) : undefined
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
      let simple: string | undefined
      try {
        simple = normalizeSimpleName(value)
      } catch (error) {
        recipient.value = invalidName(error as InvalidEnsNameError)
        return
      }
      recipient.value = { status: 'resolving', name: simple ?? value }
      const controller = new AbortController()
      pending = controller
      timer = setTimeout(() => void resolve(value, simple, lookup, controller.signal), p.debounceMs)
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
