import { normalize } from 'viem/ens'
import { describe, expect, test } from 'vitest'
import { checkLabel, isProductName, NAME_ZONE, nameOf } from '../../../../src/core/names/label.js'

test('default: lowercase letters and digits, 4 to 64 of them', () => {
  expect(checkLabel('alice2024')).toEqual({ label: 'alice2024', problem: undefined })
  expect(checkLabel('abcd')).toEqual({ label: 'abcd', problem: undefined })
  expect(checkLabel('a'.repeat(64)).problem).toBeUndefined()
  expect(nameOf('alice')).toBe('alice.reown.id')
  expect(NAME_ZONE).toBe('reown.id')
})

describe('rules as you type', () => {
  test('behavior: capitals are folded to lowercase (ENSIP-15 for this alphabet)', () => {
    expect(checkLabel('AliCE')).toEqual({ label: 'alice', problem: undefined })
  })

  test('error: too short, too long, and anything but [a-z0-9] each say which rule', () => {
    expect(checkLabel('').problem).toBe('too-short')
    expect(checkLabel('abc').problem).toBe('too-short')
    expect(checkLabel('a'.repeat(65)).problem).toBe('too-long')
    for (const bad of [
      'ali ce',
      'ali-ce',
      'ali_ce',
      'alice.eth',
      'ålice',
      'аlice',
      'ａlice',
      'alice\u200d',
      'alice🙂',
      '<b>x</b>',
    ])
      expect(checkLabel(bad).problem, bad).toBe('invalid-characters')
  })
})

describe('ENSIP-15 (viem normalize as the reference)', () => {
  test('behavior: every label the kit accepts is already ENSIP-15 normalised, and maps the same way', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 500; i++) {
      const length = 4 + (random() % 20)
      const input = Array.from({ length }, () => alphabet[random() % alphabet.length]).join('')
      const { label, problem } = checkLabel(input)
      expect(problem).toBeUndefined()
      expect(normalize(input)).toBe(label)
    }
  })

  test('behavior: no other character of the Basic Multilingual Plane is accepted', () => {
    // A character the kit refuses may be one ENSIP-15 maps into [a-z0-9] (fullwidth letters,
    // ligatures): refusing it keeps the registered name the one the visitor sees typed.
    const accepted: string[] = []
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue
      const char = String.fromCharCode(code)
      if (checkLabel(`abcd${char}`).problem === undefined) accepted.push(char)
    }
    expect(accepted.join('')).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')
    for (const char of accepted) expect(normalize(`abcd${char}`)).toBe(`abcd${char.toLowerCase()}`)
  })
})

describe('isProductName', () => {
  test('behavior: the current and the legacy suffix are both product names (SPEC §5)', () => {
    expect(isProductName('alice.reown.id')).toBe(true)
    expect(isProductName('alice.wcn.id')).toBe(true)
    expect(isProductName('Alice.Reown.ID')).toBe(true)
  })

  test('error: other names and nothing are not', () => {
    expect(isProductName('alice.eth')).toBe(false)
    expect(isProductName('alice.wk.eth')).toBe(false)
    expect(isProductName('reown.id.evil.com')).toBe(false)
    expect(isProductName('')).toBe(false)
    expect(isProductName(undefined)).toBe(false)
  })
})
