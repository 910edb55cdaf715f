import { HttpRequestError } from './errors/http.js'
import type { Toasts } from './toast.js'
import type { AnalyticsApi, CatalogApi } from './types/services.js'

/** The analytics controller. */
export type Analytics = ReturnType<typeof createAnalytics>

/**
 * Creates the analytics controller: off unless `features.analytics` is on and the catalogue's
 * `/getAnalyticsConfig` says the project allows it. A 403 (origin not on the project's allowlist)
 * shows 'Invalid App Configuration' once, in debug mode only, and stops further events.
 */
export function createAnalytics(parameters: {
  enabled: boolean
  debug: boolean
  catalog: CatalogApi
  api: AnalyticsApi
  toasts: Toasts
  location: () => { href: string; hostname: string }
}) {
  let enabled = parameters.enabled
  let warned = false
  let ready: Promise<void> | undefined

  function init(): Promise<void> {
    if (!enabled) return Promise.resolve()
    ready ??= parameters.catalog.getAnalyticsConfig().then(
      (config) => {
        enabled = config.isAnalyticsEnabled
      },
      () => {
        enabled = false
      },
    )
    return ready
  }

  async function track(event: string, properties: Record<string, unknown> = {}): Promise<void> {
    if (!enabled) return
    await init()
    if (!enabled) return
    const { href, hostname } = parameters.location()
    try {
      await parameters.api.send({
        eventId: globalThis.crypto.randomUUID(),
        url: href,
        domain: hostname,
        timestamp: Date.now(),
        props: { type: 'track', event, properties },
      })
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 403) {
        enabled = false
        if (parameters.debug && !warned) {
          warned = true
          parameters.toasts.error('Invalid App Configuration', 'INVALID_APP_CONFIGURATION')
        }
      }
    }
  }

  return {
    init,
    track,
    /** True while events are being sent. */
    get enabled() {
      return enabled
    },
  }
}
