import type { UiKit } from '../core/ui-kit.js'
import { dateFormat, formatAmount } from '../core/utils/format.js'
import type { Translate } from './i18n/index.js'
import { ROW_DATE, SESSION_DATE } from './views/dates.js'
import { featureViews } from './views/index.js'

declare const require: (id: string) => unknown

/**
 * What the views of a connected visitor compute once and keep, computed in idle time once the
 * visitor shows a sign (embed/warm-intent.ts), so their first open only shows them: the Receive
 * code of the address, the `Intl` formats of Activity's months and rows, of Smart Sessions' dates
 * and of the balance, and the language's plural rules and number format (each `Intl` object costs
 * about a millisecond to make). The optional features' views and controllers are made here too,
 * for every visitor, so that none is evaluated at load and none in the task of its first open.
 */
export function warmViews(kit: UiKit, t: Translate, locale: string): void {
  for (const step of warmSteps(kit, t, locale)) step()
}

/**
 * {@link warmViews} as steps, each small enough for a task of its own on a slow phone: the
 * feature views' module, then each feature's controller, then what a connected account's views
 * compute (read when that step runs). `idleSteps` runs one per idle period, so none of them makes a
 * long task while the page loads.
 */
export function warmSteps(kit: UiKit, t: Translate, locale: string): (() => void)[] {
  const connected = () => {
    const account = kit.chain.account.peek()
    return account?.status === 'connected' && account.address ? account.address : undefined
  }
  return [
    () => t('allWallets.results', { count: 1 }),
    // The features' views and controllers are made here, in idle time after the visitor's first
    // sign, not at load.
    () => featureViews(),
    ...[kit.send, kit.swap, kit.onramp, kit.nameRegistration, kit.history, kit.sessions, kit.siwx]
      .filter((feature) => feature !== undefined)
      .map((feature) => () => void feature()),
    () => {
      const address = connected()
      if (address && kit.options.features.receive) featureViews().prepareQrCode(address)
    },
    () => {
      if (!connected()) return
      // The balance's number format (English counts are formatted without one).
      formatAmount('1', 4, locale)
      if (kit.history) {
        const { groupByMonth } =
          require('../core/history/group.js') as typeof import('../core/history/group.js')
        groupByMonth([], { now: Date.now(), locale })
        dateFormat(locale, ROW_DATE)
      }
      if (kit.sessions) dateFormat(locale, SESSION_DATE)
    },
  ]
}
