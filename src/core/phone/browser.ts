/** An app whose own browser a page may be opened in, by a link a visitor tapped in that app. */
export type InAppBrowser = 'Telegram' | 'X' | 'Instagram' | 'Facebook' | 'LinkedIn'

/** User-agent marks of each app's browser, as the apps write them (iOS and Android). */
const MARKS: [InAppBrowser, RegExp][] = [
  ['Telegram', /Telegram/i],
  ['X', /Twitter/i],
  ['Instagram', /Instagram/i],
  ['Facebook', /FBAN|FBAV|FB_IAB|FBIOS|FB4A/],
  ['LinkedIn', /LinkedInApp/i],
]

/**
 * The app whose in-app browser shows the page, from its user agent (and, for Telegram, the bridge
 * objects its web views add). These browsers often refuse to hand a custom scheme to another
 * app, so the kit prefers universal links there and tells the visitor they can open the page in
 * their own browser.
 *
 * @param userAgent - `navigator.userAgent`.
 * @param telegram - True when `window.TelegramWebviewProxy` or `window.Telegram.WebApp` exists.
 * @returns The app, or undefined in a browser of the visitor's own choice.
 */
export function inAppBrowser(userAgent: string, telegram = false): InAppBrowser | undefined {
  if (telegram) return 'Telegram'
  return MARKS.find(([, mark]) => mark.test(userAgent))?.[0]
}
