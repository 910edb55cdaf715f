import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import {
  DEBOUNCE_DEFAULT_MS,
  NAME_SIGNATURE_WINDOW_MS,
  NAME_SUGGESTIONS_MAX_COUNT,
} from '../constants.js'
import { WalletKitError } from '../errors/base.js'
import { HttpRequestError } from '../errors/http.js'
import {
  InvalidNameError,
  type LabelProblem,
  NameAlreadyOwnedError,
  NameMismatchError,
  NameRegistrationError,
  NameSignatureExpiredError,
  NameTakenError,
} from '../errors/names.js'
import type { BlockchainApi } from '../types/services.js'
import { checkLabel, isProductName, NAME_ZONE, nameOf } from './label.js'
import { coinTypeOf, registrationMessage } from './message.js'
import type { NameSuggestion, NamesApi } from './types.js'

/** The account a name is registered for: an eip155 address on a chain. */
export type NameOwner = { address: string; chainId: number; profileName: string | undefined }

/** Whether the typed name is free: unknown until the service answers. */
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown'

/** What the RegisterName controller needs from the kit. */
export type NameRegistrationParameters = {
  api: NamesApi & Pick<BlockchainApi, 'lookupName'>
  /** The connected eip155 account, or undefined. */
  owner: () => NameOwner | undefined
  /** Signs a message with the connected wallet (personal_sign); SignatureDeclinedError on 4001. */
  sign: (message: string, address: string) => Promise<string>
  /** The account now owns `name`: show it at once. */
  onRegistered: (name: string, address: string) => void
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number
  /** Wait after typing before suggestions are asked; default DEBOUNCE_DEFAULT_MS. */
  debounceMs?: number
}

/** The RegisterName flow's controller. */
export type NameRegistration = ReturnType<typeof createNameRegistration>

/**
 * Creates the RegisterName flow: the typed label (normalised, rules checked as you type), the
 * name's availability and up to NAME_SUGGESTIONS_MAX_COUNT free suggestions (asked after a pause in
 * typing), and the registration itself: the wallet signs a message binding name, address, chain and
 * time, and the signed message is posted to the names service.
 */
export function createNameRegistration(parameters: NameRegistrationParameters) {
  const now = parameters.now ?? Date.now
  const debounceMs = parameters.debounceMs ?? DEBOUNCE_DEFAULT_MS
  const input = signal('')
  const availability = signal<Availability>('idle')
  const suggestions = signal<readonly NameSuggestion[]>([])
  const status = signal<'idle' | 'signing' | 'submitting' | 'done'>('idle')
  const error = signal<WalletKitError | undefined>(undefined)
  const registered = signal<string | undefined>(undefined)
  let timer: ReturnType<typeof setTimeout> | undefined
  let lookup: AbortController | undefined

  const check = computed(() => checkLabel(input.value))
  const problem = computed<LabelProblem | undefined>(() =>
    input.value === '' ? undefined : check.value.problem,
  )

  function stopLookup() {
    clearTimeout(timer)
    lookup?.abort()
    lookup = undefined
  }

  async function fetchSuggestions(label: string) {
    const controller = new AbortController()
    lookup = controller
    try {
      const list = await parameters.api.nameSuggestions(label, NAME_ZONE, controller.signal)
      if (controller.signal.aborted) return
      const exact = list.find((s) => s.name === nameOf(label))
      batch(() => {
        availability.value = exact ? (exact.registered ? 'taken' : 'available') : 'unknown'
        suggestions.value = list
          .filter((s) => !s.registered && s.name !== nameOf(label))
          .slice(0, NAME_SUGGESTIONS_MAX_COUNT)
      })
    } catch {
      if (!controller.signal.aborted) availability.value = 'unknown'
    }
  }

  /** Sets the typed text; suggestions follow after a pause when the label is valid. */
  function setInput(text: string) {
    stopLookup()
    batch(() => {
      input.value = text
      error.value = undefined
      suggestions.value = []
      availability.value = check.value.problem ? 'idle' : 'checking'
    })
    const { label, problem: broken } = check.peek()
    if (!broken) timer = setTimeout(() => void fetchSuggestions(label), debounceMs)
  }

  /** Marks the name taken (the service refused it, or it was registered meanwhile). */
  function taken(name: string): NameTakenError {
    availability.value = 'taken'
    return new NameTakenError({ name })
  }

  /**
   * Registers the typed name for the connected account.
   * @throws nothing: the outcome is in `status`, `error` and `registered`.
   */
  async function register(): Promise<void> {
    if (status.peek() === 'signing' || status.peek() === 'submitting') return
    const owner = parameters.owner()
    const { label, problem: broken } = check.peek()
    const name = nameOf(label)
    const fail = (reason: WalletKitError) => {
      batch(() => {
        error.value = reason
        status.value = 'idle'
      })
    }
    if (broken) return fail(new InvalidNameError({ label, problem: broken }))
    if (!owner) return fail(new NameRegistrationError({ name }))
    if (isProductName(owner.profileName))
      return fail(new NameAlreadyOwnedError({ name: owner.profileName }))
    if (availability.peek() === 'taken') return fail(taken(name))
    stopLookup()
    batch(() => {
      error.value = undefined
      status.value = 'signing'
    })
    const started = now()
    const message = registrationMessage({
      name,
      address: owner.address,
      chainId: owner.chainId,
      now: started,
    })
    let signature: string
    try {
      signature = await parameters.sign(message, owner.address)
    } catch (reason) {
      return fail(
        reason instanceof WalletKitError
          ? reason
          : new NameRegistrationError({ name, cause: reason }),
      )
    }
    // The service refuses a message older than its window: say so instead of posting it.
    if (now() - started > NAME_SIGNATURE_WINDOW_MS) return fail(new NameSignatureExpiredError())
    status.value = 'submitting'
    try {
      const coinType = coinTypeOf(owner.chainId)
      const record = await parameters.api.registerName({
        coin_type: coinType,
        address: owner.address,
        message,
        signature,
      })
      // What the service says it registered must be what the visitor asked for, for this account.
      const address = record.addresses.find((a) => a.coinType === coinType)?.address
      if (record.name !== name || address?.toLowerCase() !== owner.address.toLowerCase())
        return fail(
          new NameMismatchError({ name, answered: `${record.name} → ${address ?? 'no address'}` }),
        )
      batch(() => {
        registered.value = record.name
        status.value = 'done'
      })
      parameters.onRegistered(record.name, owner.address)
    } catch (reason) {
      // The refusal's wording is the service's own: ask whether the name is taken now.
      const holder =
        reason instanceof HttpRequestError
          ? await parameters.api.lookupName(name).catch(() => undefined)
          : undefined
      fail(holder ? taken(name) : new NameRegistrationError({ name, cause: reason }))
    }
  }

  return {
    /** The text as typed. */
    input: input as ReadonlySignal<string>,
    /** The normalised label. */
    label: computed(() => check.value.label),
    /** The full name the label registers, e.g. `alice.reown.id`. */
    name: computed(() => nameOf(check.value.label)),
    /** The first name rule the typed text breaks (none while empty). */
    problem,
    availability: availability as ReadonlySignal<Availability>,
    /** Free names like the typed one (at most NAME_SUGGESTIONS_MAX_COUNT). */
    suggestions: suggestions as ReadonlySignal<readonly NameSuggestion[]>,
    status: status as ReadonlySignal<'idle' | 'signing' | 'submitting' | 'done'>,
    /** Why the last registration did not happen. */
    error: error as ReadonlySignal<WalletKitError | undefined>,
    /** The name registered by this flow. */
    registered: registered as ReadonlySignal<string | undefined>,
    /** True when a registration may start. */
    canRegister: computed(
      () =>
        input.value !== '' &&
        !check.value.problem &&
        availability.value !== 'taken' &&
        availability.value !== 'checking' &&
        status.value !== 'signing' &&
        status.value !== 'submitting',
    ),
    setInput,
    /** Takes a suggestion: its label becomes the input. */
    choose(suggestion: string) {
      setInput(suggestion.split('.')[0] ?? '')
    },
    register,
    /** Back to an empty form. */
    reset() {
      stopLookup()
      batch(() => {
        input.value = ''
        availability.value = 'idle'
        suggestions.value = []
        status.value = 'idle'
        error.value = undefined
        registered.value = undefined
      })
    },
    destroy: stopLookup,
  }
}
