import type { AnalyticsApi } from '../core/types/services.js'
import type { HttpClient } from './http.js'

/** Creates the analytics client: `POST /e` with eventId, url, domain, timestamp and props (SPEC §7). */
export function createAnalyticsService(http: HttpClient): AnalyticsApi {
  return {
    send: (event) => http.post({ path: '/e', body: event, identify: 'query' }),
  }
}
