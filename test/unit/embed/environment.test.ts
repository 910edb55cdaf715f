import { afterEach, expect, test, vi } from 'vitest'
import { isMobileDevice, reusesPairing, userAgent } from '../../../src/embed/environment.js'

const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A browser: its user agent, touch points and whether its pointer is coarse. */
function device(ua: string, touchPoints: number, coarse: boolean) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)
  vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(touchPoints)
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: coarse && query.includes('coarse') }))
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

test('default: an iPhone is a phone and reuses a pairing', () => {
  device(IPHONE, 5, true)
  expect(isMobileDevice()).toBe(true)
  expect(reusesPairing()).toBe(true)
})

test("behavior: an iPad showing the desktop site (a Mac's user agent, touch points) is a tablet, as iOS Safari", () => {
  device(IPAD_DESKTOP, 5, true)
  expect(userAgent()).toContain('iPad')
  expect(isMobileDevice()).toBe(true)
  expect(reusesPairing()).toBe(true)
})

test('behavior: a Mac (no touch points) stays a desktop', () => {
  device(IPAD_DESKTOP, 0, false)
  expect(userAgent()).toBe(IPAD_DESKTOP)
  expect(isMobileDevice()).toBe(false)
  expect(reusesPairing()).toBe(false)
})
