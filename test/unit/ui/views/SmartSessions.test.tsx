import { signal } from '@preact/signals-core'
import { expect, test } from 'vitest'
import type { SessionRow } from '../../../../src/core/sessions/controller.js'
import { SmartSessions } from '../../../../src/ui/views/SmartSessions.js'
import { renderView } from './render.js'

const EXPIRY = Date.UTC(2030, 10, 25, 12)
const TOKEN = '0x00000000000000000000000000000000000000cc'

const ROW: SessionRow = {
  pci: 'pci-1',
  project: { name: 'Game', url: 'https://game.example' },
  expiry: EXPIRY,
  createdAt: EXPIRY - 86_400_000,
  state: 'active',
  permissions: [
    {
      type: 'native-token-recurring-allowance',
      allowance: 1_234_500_000_000_000_000_000n,
      periodSeconds: 86_400,
    },
    { type: 'erc20-recurring-allowance', token: TOKEN, allowance: 2_500_000n, periodSeconds: 3600 },
  ],
}

function sessionsKit() {
  return {
    // Where there are no frames the kit runs a task after paint at once.
    afterPaint: (task: () => void) => task(),
    chain: {
      accounts: signal({
        eip155: { caipAddress: 'eip155:1:0x00000000000000000000000000000000000000aa' },
      }),
      networks: signal({ eip155: { caipNetwork: { nativeCurrency: { symbol: 'ETH' } } } }),
    },
    siteImages: { image: () => undefined },
    sessions: {
      load: () => Promise.resolve(),
      status: signal('ready'),
      failure: signal(undefined),
      revoking: signal(undefined),
      rows: signal([ROW]),
      revoke: () => Promise.resolve(),
    },
  }
}

const permissions = (host: HTMLElement) =>
  [...host.querySelectorAll('.wk-session-permissions li')].map((li) => li.textContent)

test('behavior: under German allowances and dates are written the German way', () => {
  const host = renderView(<SmartSessions />, sessionsKit(), 'de')
  expect(permissions(host)).toEqual([
    'Spend up to 1.234,5 ETH every day',
    `Spend up to 2.500.000 units of token 0x0000…00cc every hour`,
  ])
  const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' })
  expect(host.textContent).toContain(`Expires ${german.format(EXPIRY)}`)
  expect(german.format(EXPIRY)).toContain('2030')
  expect(german.format(EXPIRY)).not.toContain('Nov')
})

test('default: in English the allowances keep English separators', () => {
  const host = renderView(<SmartSessions />, sessionsKit(), 'en')
  expect(permissions(host)[0]).toBe('Spend up to 1,234.5 ETH every day')
  expect(host.textContent).toContain('Nov')
})

test('behavior: a permission’s address is a left-to-right isolate that never breaks, inside its translated line', () => {
  const host = renderView(<SmartSessions />, sessionsKit(), 'en')
  const line = host.querySelectorAll('.wk-session-permissions li')[1]
  const address = line?.querySelector('bdi[dir="ltr"]')
  expect(address?.textContent).toBe('0x0000…00cc')
  expect(address?.hasAttribute('data-short')).toBe(true)
  expect(address?.className).toBe('wk-address')
  expect(line?.textContent).toBe('Spend up to 2,500,000 units of token 0x0000…00cc every hour')
  expect(line?.textContent).not.toContain('\uE000')
})

test('rule: a function name holding the address marker cannot move where the contract address is drawn', () => {
  const kit = sessionsKit()
  const contract = '0x00000000000000000000000000000000000000dd'
  kit.sessions.rows.value = [
    {
      ...ROW,
      permissions: [
        { type: 'contract-call', contract, functions: ['\uE000 on 0xdead…beef or mint'] },
      ],
    },
  ] as never
  const host = renderView(<SmartSessions />, kit, 'en')
  const line = host.querySelector('.wk-session-permissions li')
  expect(line?.querySelector('bdi[dir="ltr"]')?.textContent).toBe('0x0000…00dd')
  expect(line?.textContent).toBe('Call on 0xdead…beef or mint on 0x0000…00dd')
  expect(line?.textContent).not.toContain('\uE000')
})
