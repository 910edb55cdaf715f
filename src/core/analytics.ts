import { ANALYTICS_FLUSH_MS, ANALYTICS_QUEUE_MAX } from './constants.js'
import { HttpRequestError } from './errors/http.js'
import { InvalidAppConfigurationError } from './errors/options.js'
import type { Toasts } from './toast.js'
import type { AnalyticsApi, AnalyticsEvent, CatalogApi } from './types/services.js'

/** The analytics controller. */
export type Analytics = ReturnType<typeof createAnalytics>

/** What an event's `props.properties` may carry: plain values only. */
export type AnalyticsProperties = Readonly<Record<string, string | number | boolean | undefined>>

/**
 * Creates the analytics controller. Nothing happens before {@link start} (the modal's first
 * open): no configuration read, no event kept. From then on, when `features.analytics` is on and
 * the visitor sent neither Global Privacy Control nor Do Not Track, it reads the project's
 * `/getAnalyticsConfig` once, queues events and sends them in batches (`POST /e`) a moment after
 * the first one, and with `sendBeacon` when the page is hidden. A 403 (origin not on the project's
 * allowlist) shows 'Invalid App Configuration' once, in debug mode only, and stops analytics; any
 * other failure is dropped: the modal never waits for, nor hears of, the analytics service.
 */
export function createAnalytics(parameters: {
  enabled: boolean
  debug: boolean
  /** Whether the visitor asked not to be tracked (GPC or DNT); read at the first open. */
  optedOut: () => boolean
  catalog: CatalogApi
  api: AnalyticsApi
  toasts: Toasts
  location: () => { href: string; hostname: string }
}) {
  let enabled = parameters.enabled
  let started = false
  let warned = false
  let config: Promise<boolean> | undefined
  let queue: AnalyticsEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined

  function start(): void {
    if (started) return
    started = true
    if (enabled && parameters.optedOut()) enabled = false
    if (!enabled) return
    config = parameters.catalog.getAnalyticsConfig().then(
      (answer) => answer.isAnalyticsEnabled === true,
      () => false,
    )
    void config.then((allowed) => {
      if (allowed) return
      enabled = false
      queue = []
    })
  }

  function track(event: string, properties: AnalyticsProperties = {}, address?: string): void {
    if (!started || !enabled) return
    const { href, hostname } = parameters.location()
    // The page's origin and path only: a query or a fragment carries codes and tokens (a login's
    // code, a password reset, an invitation) that are nobody else's business.
    const url = href.replace(/[?#].*$/s, '')
    const clean = Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined))
    if (queue.length >= ANALYTICS_QUEUE_MAX) queue.shift()
    queue.push({
      eventId: globalThis.crypto.randomUUID(),
      url,
      domain: hostname,
      timestamp: Date.now(),
      props: { type: 'track', event, ...(address && { address }), properties: clean },
    })
    timer ??= setTimeout(() => void flush(), ANALYTICS_FLUSH_MS)
  }

  /** Sends the queued events now, by `fetch`, so that a 403 is seen. */
  async function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    if (!config || !(await config) || !enabled || queue.length === 0) return
    const batch = queue
    queue = []
    try {
      await parameters.api.send(batch)
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 403) {
        enabled = false
        queue = []
        if (parameters.debug && !warned) {
          warned = true
          parameters.toasts.error(
            new InvalidAppConfigurationError(error),
            'INVALID_APP_CONFIGURATION',
          )
        }
      }
    }
  }

  /** The page is being hidden or left: what is queued goes by `sendBeacon`, which outlives it. */
  function beacon(): void {
    clearTimeout(timer)
    timer = undefined
    if (!enabled || queue.length === 0 || !config) return
    const batch = queue
    // Only once the project said yes; before its answer the events wait for the next flush.
    void config.then((allowed) => {
      if (!allowed || !enabled || queue !== batch) return
      queue = []
      try {
        parameters.api.beacon(batch)
      } catch {
        // A refused beacon loses these events, nothing more.
      }
    })
  }

  return {
    start,
    track,
    flush,
    beacon,
    /** True while events may be sent. */
    get enabled() {
      return started && enabled
    },
    destroy(): void {
      beacon()
    },
  }
}
