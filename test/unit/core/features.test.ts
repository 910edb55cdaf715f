import { expect, test } from 'vitest'
import {
  defaultFeatures,
  isLoginOffered,
  mergeFeatures,
  SOCIAL_PROVIDERS,
  WALLET_FEATURES,
} from '../../../src/core/features.js'

test('default', () => {
  expect(defaultFeatures()).toMatchInlineSnapshot(`
    {
      "allWallets": true,
      "analytics": true,
      "collapseWallets": false,
      "email": true,
      "history": true,
      "legalCheckbox": false,
      "onramp": true,
      "receive": true,
      "send": true,
      "smartSessions": false,
      "socials": [
        "google",
        "x",
        "discord",
        "farcaster",
        "github",
        "apple",
        "facebook",
      ],
      "swaps": true,
      "walletFeaturesOrder": [
        "onramp",
        "swaps",
        "receive",
        "send",
      ],
    }
  `)
})

test('behavior: the defaults switched on are exactly SPEC §9’s', () => {
  const features = defaultFeatures()
  const on = Object.entries(features)
    .filter(([, value]) => value === true || Array.isArray(value))
    .map(([key]) => key)
  expect(on.sort()).toEqual(
    [
      'swaps',
      'onramp',
      'receive',
      'send',
      'email',
      'socials',
      'history',
      'analytics',
      'allWallets',
      'walletFeaturesOrder',
    ].sort(),
  )
})

test('behavior: the defaults switched off are exactly SPEC §9’s', () => {
  const off = Object.entries(defaultFeatures())
    .filter(([, value]) => value === false)
    .map(([key]) => key)
  expect(off.sort()).toEqual(['collapseWallets', 'legalCheckbox', 'smartSessions'])
})

test('behavior: seven social providers in the spec’s order', () => {
  expect(SOCIAL_PROVIDERS).toEqual([
    'google',
    'x',
    'discord',
    'farcaster',
    'github',
    'apple',
    'facebook',
  ])
  expect(defaultFeatures().socials).toEqual(SOCIAL_PROVIDERS)
})

test('behavior: wallet feature order is onramp, swaps, receive, send', () => {
  expect(WALLET_FEATURES).toEqual(['onramp', 'swaps', 'receive', 'send'])
  expect(defaultFeatures().walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
})

test('behavior: the shared lists are frozen and every call returns fresh copies', () => {
  expect(Object.isFrozen(SOCIAL_PROVIDERS)).toBe(true)
  expect(Object.isFrozen(WALLET_FEATURES)).toBe(true)
  const a = defaultFeatures()
  const b = defaultFeatures()
  expect(a).not.toBe(b)
  expect(a.socials).not.toBe(SOCIAL_PROVIDERS)
  ;(a.socials as string[]).push('myspace')
  expect(defaultFeatures().socials).toHaveLength(7)
})

test('args: mergeFeatures without input gives the defaults', () => {
  expect(mergeFeatures(undefined)).toEqual(defaultFeatures())
  expect(mergeFeatures({})).toEqual(defaultFeatures())
})

test('behavior: a partial merge changes only the given keys', () => {
  const merged = mergeFeatures({ swaps: false, socials: ['github'], smartSessions: true })
  expect(merged).toEqual({
    ...defaultFeatures(),
    swaps: false,
    socials: ['github'],
    smartSessions: true,
  })
})

test('behavior: undefined values keep the default', () => {
  expect(mergeFeatures({ swaps: undefined, email: false } as never)).toEqual({
    ...defaultFeatures(),
    email: false,
  })
})

test('behavior: socials false turns social login off', () => {
  expect(mergeFeatures({ socials: false }).socials).toBe(false)
})

test('behavior: login is offered with email or a social provider, and an eip155 network', () => {
  const evm = [{ namespace: 'eip155' }]
  const solana = [{ namespace: 'solana' }]
  const features = (email: boolean, socials: false | ['google'] | []) => ({ email, socials })
  expect(isLoginOffered({ features: features(true, false), networks: evm })).toBe(true)
  expect(isLoginOffered({ features: features(false, ['google']), networks: evm })).toBe(true)
  expect(isLoginOffered({ features: features(false, []), networks: evm })).toBe(false)
  expect(isLoginOffered({ features: features(false, false), networks: evm })).toBe(false)
  expect(isLoginOffered({ features: features(true, ['google']), networks: solana })).toBe(false)
})
