import type { AnalyticsApi } from '../core/types/services.js'
import type { HttpClient } from './http.js'

/**
 * Creates the analytics client: `POST /e` (SPEC §7) with a batch of events, each `{ eventId, url,
 * domain, timestamp, props }`; by fetch, or by `navigator.sendBeacon` when the page is hidden.
 */
export function createAnalyticsService(
  http: HttpClient,
  sendBeacon: (url: string, body: string) => boolean = (url, body) =>
    navigator.sendBeacon(url, body),
): AnalyticsApi {
  return {
    send: (events) => http.post({ path: '/e', body: events, identify: 'query' }),
    // A string body goes as text/plain: a beacon without a CORS preflight.
    beacon: (events) => sendBeacon(http.url({ path: '/e' }), JSON.stringify(events)),
  }
}
