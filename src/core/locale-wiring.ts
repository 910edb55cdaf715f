import type { Emitter } from './emitter.js'
import { LocalePackError } from './errors/locale.js'
import { createLocale, type LocaleController } from './locale.js'
import type { KitEnvironment, KitServices } from './parts.js'
import type { KitEvents } from './types/events.js'

/**
 * Builds the kit's language over its parts: the site's choice, else the page's and the browser's
 * languages; packs loaded beside the bundle; a pack that cannot be loaded reported to the host
 * (`walletkit:error` LOCALE_UNAVAILABLE) while the texts stay as they were.
 */
export function createKitLocale(p: {
  requested: string | undefined
  env: Pick<KitEnvironment, 'languages'>
  services: Pick<KitServices, 'localePack'>
  /** Tags of the locale packs built beside the bundle (English is built in). */
  available: readonly string[] | undefined
  events: Pick<Emitter<KitEvents>, 'emit'>
}): LocaleController {
  const { localePack } = p.services
  const locale = createLocale({
    requested: p.requested,
    preferences: p.env.languages ?? (() => []),
    available: p.available ?? [],
    load: (tag) =>
      localePack ? localePack(tag) : Promise.reject(new LocalePackError({ locale: tag })),
    // Runs only when a pack fails to load, after the kit is made.
    onError: (error) => {
      const wrapped =
        error instanceof LocalePackError
          ? error
          : new LocalePackError({ locale: locale.wanted, cause: error })
      p.events.emit('error', { code: 'LOCALE_UNAVAILABLE', message: wrapped.shortMessage })
    },
  })
  return locale
}
