import { computed, type ReadonlySignal } from '@preact/signals-core'
import type { Kit } from '../core/kit.js'
import { createTranslate, decodePack, type Translate } from '../ui/i18n/index.js'

/** The texts of the kit's language: the tag shown and its `t()`. */
export type LocaleTexts = { locale: string; t: Translate }

const cache = new WeakMap<Kit, ReadonlySignal<LocaleTexts>>()

/**
 * The kit's `t()`, following its language: English until a pack is loaded; a pack that does not
 * decode is reported and English stays.
 */
export function localeTexts(kit: Kit): ReadonlySignal<LocaleTexts> {
  let texts = cache.get(kit)
  if (!texts) {
    texts = computed(() => {
      const locale = kit.locale.tag.value
      const pack = kit.locale.pack.value
      if (pack === undefined) return { locale: 'en', t: createTranslate('en') }
      try {
        return { locale, t: createTranslate(locale, decodePack(pack)) }
      } catch (error) {
        queueMicrotask(() => kit.locale.reject(error))
        return { locale: 'en', t: createTranslate('en') }
      }
    })
    cache.set(kit, texts)
  }
  return texts
}
