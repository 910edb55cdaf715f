/**
 * The part of `@walletconnect/time` WalletConnect's client uses: durations in seconds and the two
 * conversions. The package is CommonJS, so the bundle keeps all of it (its `Watch` timer too).
 */

export const ONE_SECOND = 1
export const FIVE_SECONDS = 5
export const THIRTY_SECONDS = 30
export const ONE_MINUTE = 60
export const FIVE_MINUTES = ONE_MINUTE * 5
export const ONE_HOUR = ONE_MINUTE * 60
export const SIX_HOURS = ONE_HOUR * 6
export const ONE_DAY = ONE_HOUR * 24
export const SEVEN_DAYS = ONE_DAY * 7
export const THIRTY_DAYS = ONE_DAY * 30

/** Seconds to milliseconds. */
export function toMiliseconds(seconds: number): number {
  return seconds * 1000
}

/** Milliseconds to whole seconds, rounded down. */
export function fromMiliseconds(miliseconds: number): number {
  return Math.floor(miliseconds / 1000)
}
