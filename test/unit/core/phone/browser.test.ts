import { expect, test } from 'vitest'
import { inAppBrowser } from '../../../../src/core/phone/browser.js'

const IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

test('default', () => {
  expect(inAppBrowser(`${IOS} Version/18.0 Mobile/15E148 Safari/604.1`)).toBeUndefined()
  expect(inAppBrowser(ANDROID)).toBeUndefined()
})

test('behavior: the in-app browsers of Telegram, X, Instagram, Facebook and LinkedIn', () => {
  const cases: [string, string][] = [
    [`${ANDROID} Telegram-Android/11.2.3 (Google Pixel 8; Android 14; SDK 34; HIGH)`, 'Telegram'],
    [`${IOS} Mobile/15E148 Twitter for iPhone/10.60`, 'X'],
    [`${ANDROID} TwitterAndroid`, 'X'],
    [`${IOS} Mobile/15E148 Instagram 350.0.0.0 (iPhone15,3; iOS 18_0; en_US)`, 'Instagram'],
    [`${ANDROID} Instagram 350.0.0.0 Android`, 'Instagram'],
    [`${IOS} Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0;FBBV/1]`, 'Facebook'],
    [`${ANDROID} [FB_IAB/FB4A;FBAV/470.0.0.0;]`, 'Facebook'],
    [`${IOS} Mobile/15E148 LinkedInApp/9.30`, 'LinkedIn'],
  ]
  for (const [userAgent, app] of cases) expect(inAppBrowser(userAgent), userAgent).toBe(app)
})

test('behavior: Telegram is known by its bridge objects too (its iOS browser keeps Safari’s user agent)', () => {
  expect(inAppBrowser(`${IOS} Version/18.0 Mobile/15E148 Safari/604.1`, true)).toBe('Telegram')
})
