import { type ReadonlySignal, signal } from '@preact/signals-core'

/** The legal consent controller. */
export type LegalConsent = ReturnType<typeof createLegalConsent>

/**
 * The site's legal consent (`features.legalCheckbox`): when it is on, the visitor ticks "I agree
 * to the Terms of Service and Privacy Policy" before any wallet or login can be chosen. With
 * `debug`, a checkbox without both URLs is reported to the site's developer through `warn`.
 *
 * @param parameters.required - `features.legalCheckbox`.
 * @param parameters.urls - `termsConditionsUrl` and `privacyPolicyUrl` ('' when not set).
 * @param parameters.debug - The `debug` option.
 * @param parameters.warn - Where the debug warning goes; default `console.warn`.
 * @returns Whether choosing is allowed now, and the visitor's tick.
 */
export function createLegalConsent(parameters: {
  required: boolean
  urls: readonly string[]
  debug: boolean
  warn?: (message: string) => void
}) {
  const { required } = parameters
  if (required && parameters.debug && parameters.urls.some((url) => !url))
    // biome-ignore lint/suspicious/noConsole: a debug-mode warning for the site's developer
    (parameters.warn ?? console.warn)(
      'WalletKit: features.legalCheckbox is on without termsConditionsUrl and privacyPolicyUrl: the checkbox has nothing to link to.',
    )
  const agreed = signal(!required)
  return {
    /** Whether the visitor must agree first. */
    required,
    /** True once the visitor agreed (always without the checkbox): wallets and logins can be chosen. */
    agreed: agreed as ReadonlySignal<boolean>,
    /** The visitor ticks or unticks the checkbox. */
    setAgreed(value: boolean) {
      if (required) agreed.value = value
    },
  }
}
