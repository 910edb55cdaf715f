import { expect, test, vi } from 'vitest'
import { createLegalConsent } from '../../../src/core/legal.js'

const URLS = ['https://site.example/terms', 'https://site.example/privacy']

test('default', () => {
  const legal = createLegalConsent({ required: false, urls: ['', ''], debug: false })
  expect(legal.required).toBe(false)
  expect(legal.agreed.value).toBe(true)
  legal.setAgreed(false)
  expect(legal.agreed.value).toBe(true)
})

test('behavior: with the checkbox, nothing can be chosen until the visitor ticks it', () => {
  const legal = createLegalConsent({ required: true, urls: URLS, debug: true, warn: vi.fn() })
  expect(legal.agreed.value).toBe(false)
  legal.setAgreed(true)
  expect(legal.agreed.value).toBe(true)
  legal.setAgreed(false)
  expect(legal.agreed.value).toBe(false)
})

test('behavior: debug mode warns when the checkbox has a URL missing; nothing otherwise', () => {
  const warn = vi.fn()
  createLegalConsent({ required: true, urls: [URLS[0] as string, ''], debug: true, warn })
  expect(warn).toHaveBeenCalledOnce()
  expect(warn.mock.calls[0]?.[0]).toContain('termsConditionsUrl and privacyPolicyUrl')
  for (const quiet of [
    { required: true, urls: URLS, debug: true },
    { required: true, urls: ['', ''], debug: false },
    { required: false, urls: ['', ''], debug: true },
  ])
    createLegalConsent({ ...quiet, warn })
  expect(warn).toHaveBeenCalledOnce()
})
