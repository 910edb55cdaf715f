import { expect, test } from 'vitest'
import {
  hasMixedScriptWord,
  isLookalike,
  nameSkeleton,
} from '../../../../src/core/utils/lookalike.js'

test('default', () => {
  expect(nameSkeleton('MetaMask')).toBe('metamask')
  expect(isLookalike('MetaM\u0430sk', ['MetaMask'])).toBe(true)
  expect(isLookalike('MetaMask', ['MetaM\u0430sk'])).toBe(false)
})

test('behavior: NFKC, case, accents and confusable letters fold to one skeleton', () => {
  for (const name of [
    'METAMASK',
    '\uFF2D\uFF45\uFF54\uFF41mask',
    'M\u0435t\u0430M\u0430sk',
    'Met\u03B1Mask',
    'Metamásk',
    'Meta Mask',
    'Metarnask',
    'MetaMa\u0455k',
    '\u{1D40C}etaMask',
  ])
    expect(nameSkeleton(name), name).toBe('metamask')
  expect(nameSkeleton('Rainbow')).not.toBe(nameSkeleton('Rabby'))
})

test('behavior: a word mixing Latin with Cyrillic or Greek is flagged; one script alone is not', () => {
  expect(hasMixedScriptWord('Ph\u0430ntom')).toBe(true)
  expect(hasMixedScriptWord('Tr\u03BFst Wallet')).toBe(true)
  expect(hasMixedScriptWord('\u041A\u043E\u0448\u0435\u043B\u0451\u043A')).toBe(false)
  expect(hasMixedScriptWord('Trust Wallet')).toBe(false)
  expect(hasMixedScriptWord('\u041A\u043E\u0448\u0435\u043B\u0451\u043A Wallet')).toBe(false)
})

test('behavior: the same name, or one that shares nothing, is not a look-alike', () => {
  expect(isLookalike('MetaMask', ['MetaMask', 'Rabby'])).toBe(false)
  expect(isLookalike('Rainbow', ['Rabby'])).toBe(false)
  expect(isLookalike('Paypal', ['Paypai'])).toBe(true)
  expect(isLookalike('Paypai', ['Paypal'])).toBe(true)
  expect(isLookalike('0kx Wallet', ['OKX Wallet'])).toBe(true)
  expect(isLookalike('OKX Wallet', ['0kx Wallet'])).toBe(false)
})
