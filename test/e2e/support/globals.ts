/**
 * What the page's `window` holds during a test, as the specs see it from `page.evaluate`: the
 * public API of DESIGN §2 (typed here from the contract, not from the source, since the specs
 * drive the built bundle) and the recorders the init scripts install.
 */

/** A `walletkit:*` event as the recorder saw it. */
export type RecordedEvent = {
  /** The name without its `walletkit:` prefix. */
  type: string
  /** The detail, copied through JSON. */
  detail: unknown
  /** The detail's prototype is `Object.prototype`. */
  plain: boolean
  /** `structuredClone(detail)` did not throw. */
  cloneable: boolean
}

/** A `securitypolicyviolation` event as the recorder saw it. */
export type RecordedViolation = {
  directive: string
  blockedURI: string
  sample: string
  sourceFile: string
}

/** `kit.getState()` (DESIGN §2). */
export type KitState = {
  open: boolean
  view: string
  status: string
  address: string | null
  caipAddress: string | null
  namespace: string
  caipNetworkId: string | null
  connector: { id: string; name: string } | null
  balance: unknown
  session: unknown
}

/** The live instance `init()` returns (the part the specs use). */
export type KitInstance = {
  open(parameters?: { view?: string; namespace?: string }): Promise<void>
  close(): void
  disconnect(namespace?: string): Promise<void>
  getState(): KitState
  subscribe(listener: (state: KitState) => void): () => void
  mount(element: HTMLElement, parameters?: { view?: string; namespace?: string }): () => void
  setTheme(theme: { mode?: string; preset?: string; variables?: Record<string, string> }): void
  destroy(): void
}

/** `window.WalletKit`. */
export type WalletKitGlobal = {
  readonly version: string
  init(options?: Record<string, unknown>): KitInstance
}

declare global {
  interface Window {
    WalletKit?: WalletKitGlobal
    /** Installed by the events recorder. */
    __wkEvents?: RecordedEvent[]
    /** Installed by the CSP violation recorder. */
    __wkViolations?: RecordedViolation[]
    /** Anything a spec keeps in the page between evaluations. */
    __wkTest?: Record<string, unknown>
  }
}
