import { RESTRICTED_TIMEZONES } from '../constants.js'

/**
 * True when the browser's time zone is one where on-ramp providers may not serve visitors, so the
 * OnRamp view can say so before a purchase starts. The time zone is a hint, not a location: the
 * kit never blocks the purchase on it; the provider decides at checkout.
 */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return (
    timeZone !== undefined &&
    (RESTRICTED_TIMEZONES as readonly string[]).includes(timeZone.toUpperCase())
  )
}
