import type { UiKit } from '../core/ui-kit.js'
import { dateFormat } from '../core/utils/format.js'
import type { Translate } from './i18n/index.js'
import { ROW_DATE, SESSION_DATE } from './views/dates.js'
import { featureViews } from './views/index.js'

declare const require: (id: string) => unknown

/**
 * What the views of a connected visitor compute once and keep, computed while the modal is closed
 * and the page idle, so their first open only shows them: the Receive code of the address, the
 * `Intl` formats of Activity's months and rows and of Smart Sessions' dates, and the language's
 * plural rules and number format (each `Intl` object costs about a millisecond to make). The
 * optional features' views and controllers are made here too, for every visitor, so that none is
 * evaluated at load and none in the task of its first open.
 */
export function warmViews(kit: UiKit, t: Translate, locale: string): void {
  t('allWallets.results', { count: 1 })
  // The features' views and controllers are made here, in idle time after ready, not at load.
  const { prepareQrCode } = featureViews()
  for (const feature of [
    kit.send,
    kit.swap,
    kit.onramp,
    kit.nameRegistration,
    kit.history,
    kit.sessions,
    kit.siwx,
  ])
    feature?.()
  const account = kit.chain.account.peek()
  if (account?.status !== 'connected' || !account.address) return
  if (kit.options.features.receive) prepareQrCode(account.address)
  if (kit.history) {
    const { groupByMonth } =
      require('../core/history/group.js') as typeof import('../core/history/group.js')
    groupByMonth([], { now: Date.now(), locale })
    dateFormat(locale, ROW_DATE)
  }
  if (kit.sessions) dateFormat(locale, SESSION_DATE)
}
