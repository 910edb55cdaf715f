import { createContext, useContext } from 'react'
import type { UiKit } from '../core/ui-kit.js'
import type { Translate } from './i18n/index.js'

/**
 * What every view reads: the views' narrow kit (signals and actions), the bound `t()` and the BCP
 * 47 tag of the language shown (for `Intl` formats of numbers, amounts and dates).
 */
export type Ui = { kit: UiKit; t: Translate; locale: string }

/** The React context carrying {@link Ui}. */
export const UiContext = createContext<Ui | null>(null)

/** The kit and `t()` of the enclosing modal. */
export function useUi(): Ui {
  const ui = useContext(UiContext)
  if (!ui) throw new Error('WalletKit views must render inside <UiContext.Provider>.')
  return ui
}
