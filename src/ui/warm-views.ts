import { groupByMonth } from '../core/history/group.js'
import type { UiKit } from '../core/ui-kit.js'
import { dateFormat } from '../core/utils/format.js'
import { prepareQrCode } from './components/QrCode.js'
import type { Translate } from './i18n/index.js'
import { SESSION_DATE } from './views/SmartSessions.js'
import { ROW_DATE } from './views/Transactions.js'

/**
 * What the views of a connected visitor compute once and keep, computed while the modal is closed
 * and the page idle, so their first open only shows them: the Receive code of the address, the
 * `Intl` formats of Activity's months and rows and of Smart Sessions' dates, and the language's
 * plural rules and number format (each `Intl` object costs about a millisecond to make).
 */
export function warmViews(kit: UiKit, t: Translate, locale: string): void {
  t('allWallets.results', { count: 1 })
  const account = kit.chain.account.peek()
  if (account?.status !== 'connected' || !account.address) return
  if (kit.options.features.receive) prepareQrCode(account.address)
  if (kit.history) {
    groupByMonth([], { now: Date.now(), locale })
    dateFormat(locale, ROW_DATE)
  }
  if (kit.sessions) dateFormat(locale, SESSION_DATE)
}
