import {
  batch,
  computed,
  effect,
  type ReadonlySignal,
  signal,
  untracked,
} from '@preact/signals-core'
import type { ChainState } from '../chain-state.js'
import type { Emitter } from '../emitter.js'
import { SmartAccountSignInError } from '../errors/auth.js'
import type { Router } from '../router.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { KitEvents } from '../types/events.js'
import type { SiwxOptions } from '../types/options.js'
import type { View } from '../types/view.js'
import type { SafeStorage } from '../utils/storage.js'
import { createSignatureChecks, namespaceOf, SIGNERS } from './checks.js'
import { SignatureDeclinedError, SiwxNotConnectedError, SiwxVerificationError } from './errors.js'
import { hasMessageFormat } from './message.js'
import { signIn } from './sign-in.js'
import { createSiwxStore } from './store.js'
import { type SiwxSession, type SiwxSessionSummary, type SiwxTarget, summarize } from './types.js'
import { verifySiwxSession } from './verify.js'

/** Longest wait a timer takes (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1

/** The views that show the sign-in (ConnectingSiwe is the legacy name of the same view). */
const SIGN_VIEWS: readonly View[] = ['SIWXSignMessage', 'ConnectingSiwe']

/**
 * Where the sign-in stands for the connected account: `idle` (nothing to sign in: not connected,
 * or a network the site does not support), `checking` (looking for a stored session), `needed`
 * (no session; the sign view is shown), `signing` (the wallet is asked), `signedIn`, or `skipped`
 * (the visitor chose not to sign in; optional sign-in only).
 */
export type SiwxStatus = 'idle' | 'checking' | 'needed' | 'signing' | 'signedIn' | 'skipped'

/** What the SIWX controller needs from the kit. */
export type SiwxParameters = {
  options: SiwxOptions
  chain: ChainState
  router: Router
  events: Emitter<KitEvents>
  storage: SafeStorage
  /** The site's networks: sign-in is asked on these only, unless unsupported ones are allowed. */
  networks: readonly CaipNetwork[]
  allowUnsupportedChain: boolean
  /**
   * What a namespace signs with: eip155, the kit's `personal_sign` door; solana, the wallet's
   * provider.
   */
  wallet: (namespace: ChainNamespace) => unknown
  /** Disconnects a namespace (a required sign-in that is cancelled). */
  disconnect: (namespace: ChainNamespace) => Promise<void>
  /** The page's address: its host is the message's domain, its origin the URI. */
  location: () => { href: string }
  /** A JSON-RPC read of an eip155 network (EIP-1271 checks of contract accounts). */
  read?:
    | ((caipNetworkId: CaipNetworkId, method: string, params: unknown[]) => Promise<unknown>)
    | undefined
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number
}

/** The SIWX controller. */
export type Siwx = ReturnType<typeof createSiwx>

/**
 * Creates the SIWX controller (SPEC §4): after a connect, or a switch to an account or network
 * without a session, it looks for a stored session (verified again) and, finding none, opens
 * SIWXSignMessage. Signing makes the message, has the wallet sign it, verifies it, stores the
 * session and closes the modal. With `required`, the sign view cannot be closed until a session
 * exists, and cancelling disconnects.
 *
 * @example
 * const siwx = createSiwx({ options: { required: true }, chain, router, events, storage, … })
 * await siwx.signIn() // { caipAddress, caipNetworkId, expiresAt }
 */
export function createSiwx(p: SiwxParameters) {
  const { chain, router, events, options } = p
  const required = options.required === true
  const now = p.now ?? (() => Date.now())
  const store = createSiwxStore({ storage: p.storage, hooks: options })
  const checks = createSignatureChecks({ ...p, verify: options.verify })
  const status = signal<SiwxStatus>('idle')
  const session = signal<SiwxSession | null>(null)
  const usedNonces = new Set<string>()
  /** Each namespace's last account and its session, for revoking on disconnect. */
  const last = new Map<ChainNamespace, { target: SiwxTarget; session: SiwxSession | null }>()
  /** Bumped whenever the account or its session changes: late answers for an old one are dropped. */
  let generation = 0
  let expiryTimer: ReturnType<typeof setTimeout> | undefined
  let lookup: Promise<void> = Promise.resolve()
  let pending: Promise<SiwxSessionSummary> | undefined

  const target = computed((): SiwxTarget | null => {
    const account = chain.accounts.value[chain.activeNamespace.value]
    const caipAddress = account?.caipAddress
    if (account?.status !== 'connected' || !account.address || !caipAddress) return null
    const [ns = '', reference = '', ...rest] = caipAddress.split(':')
    const caipNetworkId = `${ns}:${reference}` as CaipNetworkId
    if (!SIGNERS[ns as ChainNamespace] || !hasMessageFormat(ns)) return null
    const supported = p.networks.some((n) => n.caipNetworkId === caipNetworkId)
    if (!supported && !p.allowUnsupportedChain) return null
    return { caipNetworkId, address: rest.join(':'), caipAddress: caipAddress as CaipAddress }
  })
  const summary = computed(() => (session.value ? summarize(session.value) : null))

  const page = () => new URL(p.location().href)
  const onSignView = () => router.isOpen.peek() && SIGN_VIEWS.includes(router.view.peek())

  /** The newest stored session of the account that still verifies; failing ones are dropped. */
  async function findSession(t: SiwxTarget): Promise<SiwxSession | null> {
    const candidates = await store.list(t).catch(() => [])
    for (const candidate of candidates) {
      try {
        const expected = { page: page(), target: t, now: now() }
        return await verifySiwxSession(candidate, expected, checks.local(t))
      } catch (error) {
        // A network that could not be asked (EIP-1271) says nothing against the session.
        const unreachable = error instanceof SiwxVerificationError && error.cause !== undefined
        if (!unreachable) store.forget(candidate)
      }
    }
    return null
  }

  function scheduleExpiry(s: SiwxSession, gen: number) {
    clearTimeout(expiryTimer)
    const end = Date.parse(s.data.expirationTime ?? '')
    if (Number.isNaN(end)) return
    expiryTimer = setTimeout(
      () => {
        if (gen !== generation) return
        if (end > now()) return scheduleExpiry(s, gen)
        events.emit('signedOut', summarize(s))
        evaluate(target.peek(), false)
      },
      Math.min(Math.max(end - now(), 0), MAX_TIMER_MS),
    )
  }

  function accept(s: SiwxSession, t: SiwxTarget) {
    const gen = ++generation
    batch(() => {
      session.value = s
      status.value = 'signedIn'
    })
    last.set(namespaceOf(t), { target: t, session: s })
    scheduleExpiry(s, gen)
    if (onSignView()) router.close()
  }

  /** Starts over for the account now connected: its stored session, or the sign view. */
  function evaluate(next: SiwxTarget | null, claim: boolean) {
    const gen = ++generation
    clearTimeout(expiryTimer)
    batch(() => {
      session.value = null
      status.value = next ? 'checking' : 'idle'
      // A visitor who has just connected in the modal sees the sign view at once (it says it is
      // checking), rather than the modal closing and opening again.
      if (next && claim) router.open('SIWXSignMessage')
    })
    if (!next) return
    last.set(namespaceOf(next), { target: next, session: null })
    lookup = findSession(next).then((found) => {
      if (gen !== generation) return
      if (found) return accept(found, next)
      // A visitor who closed the optional sign view while it was checking has skipped it.
      const skipped = claim && !required && !onSignView()
      batch(() => {
        status.value = skipped ? 'skipped' : 'needed'
        if (!skipped && !onSignView()) router.open('SIWXSignMessage')
      })
    })
  }

  let previous: string | null = null
  const stopTarget = effect(() => {
    const next = target.value
    const key = next?.caipAddress ?? null
    if (key === previous) return
    const fresh = previous === null
    previous = key
    untracked(() => evaluate(next, fresh && router.isOpen.peek()))
  })

  // Leaving the sign view of an optional sign-in (close, back, another view) is skipping it.
  const stopSkip = effect(() => {
    const shown = router.isOpen.value && SIGN_VIEWS.includes(router.view.value)
    if (!required && !shown && status.value === 'needed') status.value = 'skipped'
  })

  const stopDisconnect = events.on('disconnected', ({ namespace }) => {
    const gone = last.get(namespace)
    last.delete(namespace)
    if (!gone?.session || options.signOutOnDisconnect === false) return
    void store.revoke(gone.target).catch(() => undefined)
    events.emit('signedOut', summarize(gone.session))
  })

  async function runSignIn(t: SiwxTarget): Promise<SiwxSessionSummary> {
    const gen = generation
    const before = status.peek()
    status.value = 'signing'
    try {
      const verified = await signIn({
        target: t,
        options,
        page,
        now,
        wallet: p.wallet,
        store,
        checks,
        current: () => target.peek(),
        usedNonces,
      })
      if (target.peek()?.caipAddress !== t.caipAddress) throw new SiwxNotConnectedError()
      accept(verified, t)
      const result = summarize(verified)
      events.emit('signedIn', result)
      return result
    } catch (error) {
      if (gen === generation && status.peek() === 'signing') status.value = before
      // SPEC §8: a smart account's sign-in that failed (not declined) may be the site's doing.
      if (!(error instanceof SignatureDeclinedError) && isSmartAccount(t))
        throw new SmartAccountSignInError(error)
      throw error
    }
  }

  function isSmartAccount(t: SiwxTarget): boolean {
    const account = chain.accounts.peek()[namespaceOf(t)]
    const address = t.address.toLowerCase()
    return !!account?.allAccounts.some(
      (a) => a.type === 'smartAccount' && a.address.toLowerCase() === address,
    )
  }

  /** The visitor does not sign in now (optional sign-in): the modal closes. */
  function skip(): void {
    if (required) return
    status.value = 'skipped'
    router.close()
  }

  return {
    /** Whether the visitor must sign in. */
    required,
    /** Where the sign-in stands. */
    status: status as ReadonlySignal<SiwxStatus>,
    /** The verified session of the connected account, or null. */
    session: session as ReadonlySignal<SiwxSession | null>,
    /** The session's public fields, or null. */
    summary,
    /** The account a session is for, or null. */
    target,
    /** False while a required sign-in is missing on the sign view: the router then refuses to close. */
    canClose(): boolean {
      return !(required && onSignView() && target.peek() !== null && session.peek() === null)
    },
    /** True when a required sign-in is missing: opening the modal shows the sign view. */
    mustSignIn(): boolean {
      return required && (status.peek() === 'needed' || status.peek() === 'signing')
    },
    /**
     * Signs the connected account in: a nonce, the message, the wallet's signature, verification,
     * storage. Resolves with the session's public fields (at once when a session exists).
     *
     * @throws SiwxNotConnectedError without a connected account on a supported network;
     *   SignatureDeclinedError ('Signature declined') on 4001; SiwxVerificationError when a check
     *   fails; the wallet's or the site's hook's error otherwise.
     */
    async signIn(): Promise<SiwxSessionSummary> {
      if (status.peek() === 'checking') await lookup
      const t = target.peek()
      if (!t) throw new SiwxNotConnectedError()
      const current = session.peek()
      if (current) return summarize(current)
      pending ??= runSignIn(t).finally(() => {
        pending = undefined
      })
      return pending
    },
    /** Ends the connected account's session and revokes it in the store. */
    async signOut(): Promise<void> {
      const t = target.peek()
      const s = session.peek()
      ++generation
      clearTimeout(expiryTimer)
      batch(() => {
        session.value = null
        status.value = !t ? 'idle' : required ? 'needed' : 'skipped'
      })
      if (t) last.set(namespaceOf(t), { target: t, session: null })
      try {
        if (t) await store.revoke(t)
      } finally {
        if (s) events.emit('signedOut', summarize(s))
      }
    },
    skip,
    /** Cancels the sign view: with `required` it disconnects and the view resets to Connect. */
    async cancel(): Promise<void> {
      const t = target.peek()
      if (!required || !t) return skip()
      await p.disconnect(namespaceOf(t))
      if (router.isOpen.peek()) router.reset('Connect')
    },
    /** Stops the controller's effects and timer. */
    destroy(): void {
      ++generation
      clearTimeout(expiryTimer)
      stopTarget()
      stopSkip()
      stopDisconnect()
    },
  }
}
