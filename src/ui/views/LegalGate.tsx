import type { ReactNode } from 'react'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import type { MessageKey } from '../i18n/index.js'
import { testId } from '../test-id.js'

/**
 * The site's terms around what a visitor chooses a wallet or a login with. With
 * `features.legalCheckbox`, "I agree to the Terms of Service and Privacy Policy" comes first and
 * `children` stay disabled (a fieldset) until it is ticked; otherwise the links follow them, when
 * the site gave any.
 */
export function LegalGate({ children }: { children: ReactNode }) {
  useSignals()
  const { kit, t } = useUi()
  const { legal } = kit
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = kit.options
  const link = (href: string, label: string) =>
    href ? (
      <a className="wk-link" href={href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      label
    )
  const text = (key: MessageKey) => {
    const [before, middle, after] = t(key).split(/\{terms\}|\{privacy\}/)
    return (
      <>
        {before}
        {link(terms, t('connect.terms'))}
        {middle}
        {link(privacy, t('connect.privacy'))}
        {after}
      </>
    )
  }
  return (
    <>
      {legal.required ? (
        <label className="wk-legal wk-agree" {...testId('legal')}>
          <input
            type="checkbox"
            checked={legal.agreed.value}
            onChange={(event) => legal.setAgreed(event.currentTarget.checked)}
            {...testId('legal-agree')}
          />
          <span>{text('connect.agree')}</span>
        </label>
      ) : null}
      <fieldset className="wk-gate" disabled={!legal.agreed.value}>
        {children}
      </fieldset>
      {!legal.required && (terms || privacy) ? (
        <p className="wk-legal" {...testId('legal')}>
          {text('connect.legal')}
        </p>
      ) : null}
    </>
  )
}
