import { formatUnits } from 'viem'
import type { SessionRow } from '../../core/sessions/controller.js'
import type { SessionPermission } from '../../core/sessions/types.js'
import { dateFormat, formatAmount } from '../../core/utils/format.js'
import { cleanLabel, shortAddress } from '../../core/utils/text.js'
import { WalletImage } from '../components/WalletImage.js'
import { useUi } from '../context.js'
import { useAfterPaint } from '../hooks/useAfterPaint.js'
import { useSignals } from '../hooks/useSignals.js'
import type { Translate } from '../i18n/index.js'
import { testId } from '../test-id.js'
import { SESSION_DATE } from './dates.js'

/** A period in words: hour, day, week, else seconds. */
function period(seconds: number, t: Translate): string {
  if (seconds === 3600) return t('sessions.perHour')
  if (seconds === 86_400) return t('sessions.perDay')
  if (seconds === 604_800) return t('sessions.perWeek')
  return t('sessions.perSeconds', { seconds })
}

/**
 * Where a permission's address goes in its translated line: a private-use letter, removed from
 * every untrusted value put in the same line, so a service's function name cannot move the address.
 */
const ADDRESS = '\uE000'

/** A permission in words: its translated line, with ADDRESS where `address` (short) goes. */
interface Described {
  text: string
  address?: string
}

/** One line per permission, in plain words; untrusted names cleaned and cut. */
function describe(p: SessionPermission, t: Translate, symbol: string, locale: string): Described {
  switch (p.type) {
    case 'contract-call':
      return {
        text: t('sessions.contractCall', {
          functions:
            p.functions.map((f) => cleanLabel(f.replaceAll(ADDRESS, ''), 32)).join(', ') || '*',
          contract: ADDRESS,
        }),
        address: shortAddress(p.contract),
      }
    case 'native-token-recurring-allowance':
      return {
        text: t('sessions.nativeAllowance', {
          amount: formatAmount(formatUnits(p.allowance, 18), 4, locale),
          symbol,
          period: period(p.periodSeconds, t),
        }),
      }
    case 'erc20-recurring-allowance':
      return {
        text: t('sessions.tokenAllowance', {
          amount: formatAmount(p.allowance.toString(), 0, locale),
          token: ADDRESS,
          period: period(p.periodSeconds, t),
        }),
        address: shortAddress(p.token),
      }
    default:
      return { text: t('sessions.other', { name: cleanLabel(p.name, 40) }) }
  }
}

/**
 * A permission's line. Its address is a left-to-right isolate that never breaks: inside the
 * sentence of a right-to-left language it would otherwise break after its ellipsis.
 */
function PermissionLine({ text, address }: Described) {
  const at = address === undefined ? -1 : text.indexOf(ADDRESS)
  if (at < 0) return <bdi>{text}</bdi>
  return (
    <bdi>
      {text.slice(0, at)}
      <bdi dir="ltr" className="wk-address" data-short="">
        {address}
      </bdi>
      {text.slice(at + ADDRESS.length)}
    </bdi>
  )
}

/** The host name of a site's URL, as text (never a link the service chose). */
function hostOf(url: string | undefined): string {
  if (!url) return ''
  try {
    return cleanLabel(new URL(url).host, 60)
  } catch {
    return ''
  }
}

/**
 * The SmartSessions view (`features.smartSessions`): the permissions the account granted to sites,
 * by state; Revoke has the wallet sign the revocation, which the service checks. A refused
 * signature and a declined one are told apart.
 */
export function SmartSessions() {
  useSignals()
  const { kit, t, locale } = useUi()
  const sessions = kit.sessions?.()
  const caipAddress = kit.chain.accounts.value.eip155?.caipAddress
  useAfterPaint(() => {
    if (caipAddress) void sessions?.load()
  }, [sessions, caipAddress])
  const date = dateFormat(locale, SESSION_DATE)
  if (!sessions || !caipAddress)
    return (
      <div className="wk-body" {...testId('view-smart-sessions')}>
        <p className="wk-muted">{t(sessions ? 'sessions.unavailable' : 'sessions.off')}</p>
      </div>
    )
  const symbol = cleanLabel(
    kit.chain.networks.value.eip155?.caipNetwork?.nativeCurrency.symbol ?? 'ETH',
    12,
  )
  const status = sessions.status.value
  const failure = sessions.failure.value
  const revoking = sessions.revoking.value

  const card = (s: SessionRow) => {
    const failed = failure?.pci === s.pci ? failure.reason : undefined
    return (
      <li
        key={s.pci}
        className="wk-session"
        data-state={s.state}
        data-pci={s.pci}
        {...testId('session')}
      >
        <div className="wk-session-head">
          <WalletImage
            image={s.project.iconUrl ? kit.images.fromUrl(s.project.iconUrl, 'service') : undefined}
            alt={t('sessions.icon', { name: cleanLabel(s.project.name, 40) })}
          />
          <div className="wk-session-site">
            <bdi className="wk-wallet-name wk-strong" {...testId('session-name')}>
              {cleanLabel(s.project.name, 40)}
            </bdi>
            <bdi className="wk-muted">{hostOf(s.project.url)}</bdi>
          </div>
          <span
            className="wk-tag"
            data-kind={s.state === 'active' ? 'installed' : undefined}
            {...testId('session-state')}
          >
            {t(`sessions.state.${s.state}`)}
          </span>
        </div>
        <ul className="wk-session-permissions">
          {s.permissions.map((p, i) => (
            // Permissions have no id; their order is the service's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <li key={i}>
              <PermissionLine {...describe(p, t, symbol, locale)} />
            </li>
          ))}
        </ul>
        <p className="wk-muted">
          {s.state === 'revoked' && s.revokedAt !== undefined
            ? t('sessions.revokedAt', { date: date.format(s.revokedAt) })
            : t(s.state === 'expired' ? 'sessions.expiredAt' : 'sessions.expiresAt', {
                date: date.format(s.expiry),
              })}
        </p>
        {failed ? (
          <p className="wk-error" role="alert" {...testId('session-error')}>
            {t(`sessions.error.${failed}`)}
          </p>
        ) : null}
        {s.state === 'active' ? (
          <button
            type="button"
            className="wk-button"
            data-variant="secondary"
            disabled={revoking !== undefined}
            onClick={() => void sessions.revoke(s.pci).catch(() => undefined)}
            {...testId('session-revoke')}
          >
            {revoking === s.pci ? t('sessions.revoking') : t('sessions.revoke')}
          </button>
        ) : null}
      </li>
    )
  }

  return (
    <div className="wk-body wk-stack" data-status={status} {...testId('view-smart-sessions')}>
      {status === 'error' ? (
        <div className="wk-center" role="alert" {...testId('sessions-error')}>
          <p className="wk-text">{t('sessions.failed')}</p>
          <button
            type="button"
            className="wk-button"
            onClick={() => void sessions.load()}
            {...testId('sessions-retry')}
          >
            {t('sessions.retry')}
          </button>
        </div>
      ) : status === 'loading' && sessions.rows.value.length === 0 ? (
        <p className="wk-muted">{t('sessions.loading')}</p>
      ) : sessions.rows.value.length === 0 ? (
        <p className="wk-muted wk-center" {...testId('sessions-empty')}>
          {t('sessions.empty')}
        </p>
      ) : (
        <ul className="wk-sessions" aria-label={t('view.SmartSessions')}>
          {sessions.rows.value.map(card)}
        </ul>
      )}
    </div>
  )
}
