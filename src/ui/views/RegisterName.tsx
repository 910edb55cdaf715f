import { useEffect } from 'react'
import { NAME_LABEL_MAX_CHARS, NAME_LABEL_MIN_CHARS, NAME_SUFFIX } from '../../core/constants.js'
import { isProductName } from '../../core/names/label.js'
import type { Availability } from '../../core/names/registration.js'
import { cleanLabel } from '../../core/utils/text.js'
import { useUi } from '../context.js'
import { useSignals } from '../hooks/useSignals.js'
import { errorText } from '../i18n/errors.js'
import type { MessageKey } from '../i18n/index.js'
import { testId } from '../test-id.js'
import { Unavailable } from './Unavailable.js'

const HINT_ID = 'wk-name-hint'
const SUFFIX_ID = 'wk-name-suffix'
const LENGTHS = { min: NAME_LABEL_MIN_CHARS, max: NAME_LABEL_MAX_CHARS }

/**
 * Choose a name for an EVM account: the rules as you type, whether the name is free, up to four
 * suggestions, and registration by a signed message. The flow is the core's RegisterName
 * controller; this view only renders it.
 */
export function RegisterName() {
  useSignals()
  const { kit, t } = useUi()
  const flow = kit.nameRegistration?.()
  useEffect(() => flow?.reset(), [flow])
  if (!flow) return <Unavailable />
  const account = kit.chain.accounts.value.eip155
  const owned = isProductName(account?.profileName) ? account?.profileName : undefined
  if (account?.status !== 'connected' || owned)
    return (
      <div className="wk-body wk-stack" {...testId('view-register-name')}>
        <p className="wk-text" {...testId(owned ? 'name-owned' : 'name-not-connected')}>
          {owned ? t('names.owned', { name: cleanLabel(owned, 80) }) : t('names.notConnected')}
        </p>
      </div>
    )
  const name = flow.name.value
  const problem = flow.problem.value
  const availability = flow.availability.value
  const status = flow.status.value
  const error = flow.error.value
  const busy = status === 'signing' || status === 'submitting'
  return (
    <div className="wk-body wk-stack" {...testId('view-register-name')}>
      <p className="wk-muted">{t('names.body')}</p>
      <div className="wk-field">
        <label htmlFor="wk-name-input">{t('names.label')}</label>
        {/* The suffix sits inside the field, after what is typed. */}
        <div className="wk-affix">
          <input
            id="wk-name-input"
            className="wk-input"
            value={flow.input.value}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={NAME_LABEL_MAX_CHARS + 16}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${SUFFIX_ID} ${HINT_ID}`}
            disabled={busy}
            onChange={(event) => flow.setInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && flow.canRegister.peek()) void flow.register()
            }}
            data-autofocus
            {...testId('name-input')}
          />
          <span className="wk-affix-text" id={SUFFIX_ID}>
            {NAME_SUFFIX}
          </span>
        </div>
        <p
          id={HINT_ID}
          className={problem ? 'wk-error' : 'wk-muted'}
          data-problem={problem}
          {...testId('name-hint')}
        >
          {problem ? t(`names.problem.${problem}`, LENGTHS) : t('names.rules', LENGTHS)}
        </p>
      </div>
      {!problem && availability !== 'idle' ? (
        <p
          className={
            availability === 'available'
              ? 'wk-ok'
              : availability === 'taken'
                ? 'wk-error'
                : 'wk-muted'
          }
          aria-live="polite"
          data-state={availability}
          {...testId('name-availability')}
        >
          {t(AVAILABILITY_TEXTS[availability], { name: cleanLabel(name, 80) })}
        </p>
      ) : null}
      {flow.suggestions.value.length ? (
        <section aria-label={t('names.suggestions')}>
          <p className="wk-section-label">{t('names.suggestions')}</p>
          <div className="wk-chips wk-names">
            {flow.suggestions.value.map((s) => (
              <button
                key={s.name}
                type="button"
                className="wk-chip"
                disabled={busy}
                onClick={() => flow.choose(s.name)}
                data-name={s.name}
                {...testId('name-suggestion')}
              >
                <bdi>{cleanLabel(s.name, 80)}</bdi>
              </button>
            ))}
          </div>
        </section>
      ) : null}
      {error ? (
        <p className="wk-error" role="alert" data-error={error.name} {...testId('name-error')}>
          {errorText(t, error)}
        </p>
      ) : null}
      <button
        type="button"
        className="wk-button"
        disabled={!flow.canRegister.value}
        onClick={() => void flow.register()}
        {...testId('name-register')}
      >
        {status === 'signing'
          ? t('names.signing')
          : status === 'submitting'
            ? t('names.submitting')
            : flow.input.value.trim()
              ? t('names.register', { name: cleanLabel(name, 80) })
              : t('names.registerEmpty')}
      </button>
    </div>
  )
}

/** What the availability line says, by the name's availability. */
const AVAILABILITY_TEXTS: Readonly<Record<Exclude<Availability, 'idle'>, MessageKey>> = {
  checking: 'names.checking',
  available: 'names.available',
  taken: 'names.taken',
  unknown: 'names.unknown',
}
