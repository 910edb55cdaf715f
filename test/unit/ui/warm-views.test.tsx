import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { expect, test, vi } from 'vitest'
import { groupByMonth } from '../../../src/core/history/group.js'
import type { UiKit } from '../../../src/core/ui-kit.js'
import { dateFormat, formatAmount } from '../../../src/core/utils/format.js'
import { prepareQrCode, QrCode } from '../../../src/ui/components/QrCode.js'
import * as encoder from '../../../src/ui/components/qr-encode.js'
import { ROW_DATE, SESSION_DATE } from '../../../src/ui/views/dates.js'
import { warmViews } from '../../../src/ui/warm-views.js'

vi.mock('../../../src/ui/components/qr-encode.js', async (original) => {
  const real = await original<typeof import('../../../src/ui/components/qr-encode.js')>()
  return { ...real, encodeQr: vi.fn(real.encodeQr) }
})

const encodeQr = vi.mocked(encoder.encodeQr)
const draw = (value: string) => {
  const root = createRoot(document.createElement('div'))
  act(() => root.render(<QrCode value={value} label="code" />))
  act(() => root.unmount())
}
const address = (n: number) => `0x${String(n).padStart(40, '0')}`

/**
 * A kit as warmViews reads it: the account, its features that are on, whether Activity is on; each
 * feature's controller is made by a call, as the kit's are.
 */
function kitWith(status: string, features: string[], history = false, n = 7, sessions = false) {
  return {
    chain: { account: { peek: () => ({ status, address: address(n) }) } },
    options: { features: Object.fromEntries(features.map((feature) => [feature, true])) },
    send: vi.fn(() => ({})),
    history: history ? vi.fn(() => ({})) : undefined,
    sessions: sessions ? vi.fn(() => ({})) : undefined,
  } as unknown as UiKit
}

test('default: a prepared code is drawn without encoding it again', () => {
  prepareQrCode(address(1))
  const after = encodeQr.mock.calls.length
  draw(address(1))
  draw(address(1))
  expect(encodeQr.mock.calls.length).toBe(after)
})

test('behavior: a code not prepared (a pairing URI, which holds a secret) is never kept', () => {
  const uri = 'wc:abc@2?symKey=00'
  const before = encodeQr.mock.calls.length
  draw(uri)
  draw(uri)
  expect(encodeQr.mock.calls.length).toBe(before + 2)
})

test('behavior: the last four prepared are kept, the oldest goes', () => {
  for (let n = 10; n < 15; n++) prepareQrCode(address(n))
  const before = encodeQr.mock.calls.length
  draw(address(14))
  draw(address(11))
  expect(encodeQr.mock.calls.length).toBe(before)
  draw(address(10))
  expect(encodeQr.mock.calls.length).toBe(before + 1)
})

test('behavior: warmViews prepares the Receive code of a connected account that has Receive', () => {
  const t = vi.fn((key: string) => key)
  warmViews(kitWith('connected', ['send', 'receive']), t, 'de')
  const before = encodeQr.mock.calls.length
  draw(address(7))
  expect(encodeQr.mock.calls.length).toBe(before)
  expect(t).toHaveBeenCalledWith('allWallets.results', { count: 1 })
})

test('error: nothing is prepared without a connected account or without Receive', () => {
  const t = (key: string) => key
  const before = encodeQr.mock.calls.length
  warmViews(kitWith('connecting', ['receive'], false, 20), t, 'en')
  warmViews(kitWith('connected', ['send'], true, 21), t, 'en')
  expect(encodeQr.mock.calls.length).toBe(before)
  draw(address(20))
  draw(address(21))
  expect(encodeQr.mock.calls.length).toBe(before + 2)
})

test('behavior: the date formats of Activity and Smart Sessions are made before either opens', () => {
  const made = vi.spyOn(Intl, 'DateTimeFormat')
  warmViews(kitWith('connected', [], true, 30, true), (key: string) => key, 'pt')
  const warmed = made.mock.calls.length
  expect(warmed).toBeGreaterThanOrEqual(3)
  dateFormat('pt', ROW_DATE)
  dateFormat('pt', SESSION_DATE)
  groupByMonth([], { now: Date.now(), locale: 'pt' })
  expect(made.mock.calls.length).toBe(warmed)
})

test('behavior: warmViews makes the controller of each feature the site has, connected or not', () => {
  const t = (key: string) => key
  const made = (kit: UiKit) =>
    [kit.send, kit.history, kit.sessions].map((feature) => vi.mocked(feature)?.mock.calls.length)
  const connected = kitWith('connected', [], true, 40, true)
  warmViews(connected, t, 'en')
  expect(made(connected)).toEqual([1, 1, 1])
  const visitor = kitWith('disconnected', [], true, 41)
  warmViews(visitor, t, 'en')
  expect(made(visitor)).toEqual([1, 1, undefined])
})

test("behavior: warmViews makes the balance's number format for a connected account only", () => {
  const Real = Intl.NumberFormat
  const made: string[] = []
  Intl.NumberFormat = class extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args)
      made.push(String(args[0]))
    }
  } as typeof Real
  try {
    const t = vi.fn((key: string) => key)
    warmViews(kitWith('disconnected', []), t, 'sv')
    expect(made).not.toContain('sv')
    warmViews(kitWith('connected', []), t, 'fi')
    expect(made).toContain('fi')
    const before = made.length
    formatAmount('1234.5', 4, 'fi')
    expect(made.length).toBe(before)
  } finally {
    Intl.NumberFormat = Real
  }
})
