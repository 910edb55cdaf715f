import { expect, test } from 'vitest'
import { RESTRICTED_TIMEZONES } from '../../../../src/core/constants.js'
import { isRestrictedTimeZone } from '../../../../src/core/onramp/region.js'

test('default: the listed time zones are restricted, whatever their case', () => {
  expect(isRestrictedTimeZone('Asia/Shanghai')).toBe(true)
  expect(isRestrictedTimeZone('ASIA/HONG_KONG')).toBe(true)
  expect(isRestrictedTimeZone('asia/macao')).toBe(true)
  for (const zone of RESTRICTED_TIMEZONES) expect(isRestrictedTimeZone(zone)).toBe(true)
})

test('behavior: other or unknown time zones are not', () => {
  expect(isRestrictedTimeZone('Europe/Berlin')).toBe(false)
  expect(isRestrictedTimeZone('Asia/Tokyo')).toBe(false)
  expect(isRestrictedTimeZone('Asia/Shanghai2')).toBe(false)
  expect(isRestrictedTimeZone('')).toBe(false)
  expect(isRestrictedTimeZone(undefined)).toBe(false)
})
