import type { View } from '../../core/types/view.js'
import type { MessageKey } from '../i18n/index.js'

/**
 * The title of each view (`{name}`: the wallet being connected): the text `view.<View>`. The key
 * is typed as `view.${View}`, not cast, so a view without a title does not compile.
 */
export function viewTitle(view: View): MessageKey {
  return `view.${view}`
}
