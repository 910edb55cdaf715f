import { expect, test } from 'vitest'
import * as time from '../../../../src/embed/shims/walletconnect-time.js'
import { seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<Record<string, unknown>>('@walletconnect/time')

test('default: five minutes are 300 000 ms', () => {
  expect(time.toMiliseconds(time.FIVE_MINUTES)).toBe(300_000)
})

test('behavior: every duration the shim exports has the package value', () => {
  for (const [name, value] of Object.entries(time))
    if (typeof value === 'number') expect(value, name).toBe(real[name])
})

test('behavior: the conversions give what @walletconnect/time gives', () => {
  const next = seeded(31)
  const toMs = real.toMiliseconds as (s: number) => number
  const fromMs = real.fromMiliseconds as (ms: number) => number
  for (let i = 0; i < 2000; i++) {
    const value = (next() - 0.2) * 10 ** Math.floor(next() * 13)
    expect(time.toMiliseconds(value)).toBe(toMs(value))
    expect(time.fromMiliseconds(value)).toBe(fromMs(value))
  }
})
