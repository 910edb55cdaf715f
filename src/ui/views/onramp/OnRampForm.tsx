import { ONRAMP_PRESET_AMOUNTS } from '../../../core/constants.js'
import { assetKey } from '../../../core/onramp/controller.js'
import type { PaymentMethod } from '../../../core/onramp/options.js'
import { providersFor } from '../../../core/onramp/providers.js'
import type { ChainNamespace } from '../../../core/types/caip.js'
import type { UiKit } from '../../../core/ui-kit.js'
import { formatAmount } from '../../../core/utils/format.js'
import { cleanLabel } from '../../../core/utils/text.js'
import { Icon } from '../../components/Icon.js'
import { TokenMark } from '../../components/TokenMark.js'
import { useUi } from '../../context.js'
import { useSignals } from '../../hooks/useSignals.js'
import { errorText, ownErrorText } from '../../i18n/errors.js'
import type { MessageKey, Translate } from '../../i18n/index.js'
import { testId } from '../../test-id.js'
import { OnRampQuote } from './OnRampQuote.js'

const AMOUNT_ERROR_ID = 'wk-onramp-amount-error'

/** The purchase form: asset, currency and amount, payment method, quote, provider and Buy. */
export function OnRampForm({
  onramp,
  namespace,
}: {
  onramp: ReturnType<NonNullable<UiKit['onramp']>>
  namespace: ChainNamespace
}) {
  useSignals()
  const { kit, t, locale } = useUi()
  const currency = onramp.currency.value
  const limits = onramp.limits.value
  const amountError = onramp.amountError.value
  const error = onramp.error.value
  const asset = onramp.asset.value
  const amount = onramp.amount.value
  const currencyId = currency?.id ?? ''
  return (
    <>
      {onramp.restricted.value ? (
        <p className="wk-notice" data-tone="warning" role="note" {...testId('onramp-restricted')}>
          {t('onramp.restricted')}
        </p>
      ) : null}
      {onramp.source.value === 'fallback' ? (
        <p className="wk-notice" role="note" {...testId('onramp-fallback')}>
          {t('onramp.fallback')}
        </p>
      ) : null}
      <fieldset className="wk-field">
        <legend>{t('onramp.buy')}</legend>
        <div className="wk-chips">
          {onramp.assets.value.map((a) => (
            <button
              key={assetKey(a)}
              type="button"
              className="wk-chip"
              aria-pressed={a === asset}
              onClick={() => onramp.selectAsset(assetKey(a))}
              data-asset={cleanLabel(a.currency.symbol, 12)}
              {...testId('onramp-asset')}
            >
              <TokenMark
                symbol={cleanLabel(a.currency.symbol, 12)}
                image={kit.images.catalog('token', a.currency.symbol)}
              />
              <span className="wk-chip-text">
                <bdi>{cleanLabel(a.currency.symbol, 12)}</bdi>
                <small>
                  {t('onramp.assetNetwork', { network: cleanLabel(a.network.display_name, 32) })}
                </small>
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="wk-field">
        <label htmlFor="wk-onramp-amount">{t('onramp.amount', { currency: currencyId })}</label>
        <div className="wk-amount">
          <input
            id="wk-onramp-amount"
            className="wk-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? AMOUNT_ERROR_ID : undefined}
            onChange={(event) => onramp.setAmount(event.target.value)}
            data-autofocus
            {...testId('onramp-amount')}
          />
          <span className="wk-select-field">
            {currency ? (
              <TokenMark
                symbol={cleanLabel(currency.id, 3)}
                image={kit.images.catalog('currency', currency.id)}
                size="sm"
              />
            ) : null}
            <select
              className="wk-select"
              aria-label={t('onramp.currency')}
              value={currencyId}
              onChange={(event) => onramp.setCurrency(event.target.value)}
              {...testId('onramp-currency')}
            >
              {(onramp.options.value?.paymentCurrencies ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {cleanLabel(c.id, 8)}
                </option>
              ))}
            </select>
            <Icon name="down" />
          </span>
        </div>
        <fieldset className="wk-chips wk-field" aria-label={t('onramp.presets')}>
          {ONRAMP_PRESET_AMOUNTS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="wk-chip"
              aria-pressed={amount === String(preset)}
              onClick={() => onramp.setAmount(String(preset))}
              data-amount={preset}
              {...testId('onramp-preset')}
            >
              {preset} {currencyId}
            </button>
          ))}
        </fieldset>
      </div>
      <fieldset className="wk-field">
        <legend>{t('onramp.method')}</legend>
        <div className="wk-chips">
          {onramp.methods.value.map((m) => (
            <button
              key={m}
              type="button"
              className="wk-chip"
              aria-pressed={onramp.method.value === m}
              onClick={() => onramp.setMethod(m)}
              data-method={m}
              {...testId('onramp-method')}
            >
              {t(METHOD_TEXTS[m])}
            </button>
          ))}
        </div>
        {limits ? (
          <p className="wk-muted" {...testId('onramp-limits')}>
            {t('onramp.limits', {
              min: formatAmount(String(limits.min), 2, locale),
              max: formatAmount(String(limits.max), 2, locale),
              currency: currencyId,
            })}
          </p>
        ) : null}
      </fieldset>
      {amountError ? (
        <p
          className="wk-error"
          id={AMOUNT_ERROR_ID}
          role="alert"
          {...testId('onramp-amount-error')}
        >
          {t('onramp.amountError', {
            min: formatAmount(String(amountError.min), 2, locale),
            max: formatAmount(String(amountError.max), 2, locale),
            currency: amountError.currency,
          })}
        </p>
      ) : null}
      <OnRampQuote quote={onramp.quote.value} loading={onramp.quoteLoading.value} />
      <section aria-label={t('onramp.providers')}>
        <p className="wk-section-label">{t('onramp.providers')}</p>
        {providersFor(namespace).map((p) => (
          <div key={p.id} className="wk-token" {...testId('onramp-provider')}>
            <span className="wk-wallet-name">{p.name}</span>
            <span className="wk-muted">{t('onramp.feeRange', p.feeRange)}</span>
          </div>
        ))}
      </section>
      {error ? (
        <p className="wk-error" role="alert" {...testId('onramp-error')} data-error={error.name}>
          {error.name === 'OnRampAmountError' && amountError ? null : failureText(t, error)}
        </p>
      ) : null}
      <button
        type="button"
        className="wk-button"
        disabled={!asset || amount === '' || !!amountError}
        onClick={() => onramp.buy()}
        {...testId('onramp-buy')}
      >
        {t('onramp.submit')}
      </button>
    </>
  )
}

/** The text of each payment method. */
const METHOD_TEXTS: Readonly<Record<PaymentMethod, MessageKey>> = {
  card: 'onramp.method.card',
  ach_bank_account: 'onramp.method.ach_bank_account',
}

/** The visitor's text for a failed Buy: the error's own text, else the checkout's with its message. */
function failureText(t: Translate, error: Parameters<typeof errorText>[1]): string {
  return ownErrorText(error.name) === undefined
    ? t('onramp.error.default', { message: error.shortMessage })
    : errorText(t, error)
}
