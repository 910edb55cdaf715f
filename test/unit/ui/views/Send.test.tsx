import { signal } from '@preact/signals-core'
import { act } from 'react'
import { expect, test, vi } from 'vitest'
import { Send } from '../../../../src/ui/views/Send.js'
import { renderView, textOf } from './render.js'

const ETH = {
  id: 'native',
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  balance: '12345.678',
  price: 1000,
  iconUrl: undefined,
}
const TO = '0x00000000000000000000000000000000000000bb'

/** A send of 1.5 ETH (worth $1,500) with a fee of 0.0021 ETH; `step` picks form or review. */
function sendKit(step: 'form' | 'review') {
  return {
    chain: {
      account: signal({ address: '0x00000000000000000000000000000000000000aa' }),
      network: signal({ caipNetwork: { name: 'Devnet', caipNetworkId: 'eip155:1' } }),
    },
    send: {
      step: signal(step),
      tokens: signal([ETH]),
      token: signal(ETH),
      native: signal(ETH),
      amount: signal('1.5'),
      recipient: signal({ status: 'address', address: TO }),
      recipientText: signal(TO),
      amountIssue: signal(undefined),
      fee: signal(2_100_000_000_000_000n),
      prepared: signal({ amount: 1_500_000_000_000_000_000n, fee: 2_100_000_000_000_000n }),
      toSelf: signal(false),
      failure: signal(undefined),
      canReview: signal(true),
      busy: signal(false),
      selectToken: () => undefined,
      setAmount: () => undefined,
      setMax: () => undefined,
      setRecipient: () => undefined,
      review: () => Promise.resolve(),
      back: () => undefined,
      confirm: vi.fn(() => Promise.resolve()),
    },
  }
}

test('behavior: under German the form writes the balance, USD value and fee with German separators', () => {
  const host = renderView(<Send />, sendKit('form'), 'de')
  expect(host.querySelector('option')?.textContent).toBe('ETH — 12.345,678')
  expect(textOf(host, 'send-amount-note')).toBe('≈ 1.500,00\u00a0$')
  expect(textOf(host, 'send-fee')).toBe('Network fee: up to 0,0021 ETH')
})

test('default: in English the form keeps English separators; the typed amount is left as typed', () => {
  const host = renderView(<Send />, sendKit('form'), 'en')
  expect(host.querySelector('option')?.textContent).toBe('ETH — 12,345.678')
  expect(textOf(host, 'send-amount-note')).toBe('≈ $1,500.00')
  expect(host.querySelector<HTMLInputElement>('[data-testid="wk-send-amount"]')?.value).toBe('1.5')
})

test('behavior: under German the review and its success toast write amounts with German separators', () => {
  const kit = sendKit('review')
  kit.send.amount.value = '1234.5'
  kit.send.prepared.value = { amount: 1_234_500_000_000_000_000_000n, fee: 2_100_000_000_000_000n }
  const host = renderView(<Send />, kit, 'de')
  expect(textOf(host, 'send-review-amount')).toBe('1.234,5 ETH 1.234.500,00\u00a0$')
  expect(textOf(host, 'send-review-fee')).toBe('0,0021 ETH 2,10\u00a0$')
  const amount = host.querySelector('[data-testid="wk-send-review-amount"] bdi')
  expect(amount?.getAttribute('dir')).toBe('ltr')
  act(() => host.querySelector<HTMLButtonElement>('[data-testid="wk-send-confirm"]')?.click())
  expect(kit.send.confirm).toHaveBeenCalledWith(
    expect.objectContaining({
      success: { key: 'send.sent', values: { amount: '1.234,5', symbol: 'ETH' } },
    }),
  )
})

test('behavior: the review keeps each value an isolate of its own, the spaces between them outside, and the short address whole', () => {
  const kit = sendKit('review')
  kit.send.recipient.value = { status: 'resolved', address: TO, name: 'bob.wk.eth' } as never
  const host = renderView(<Send />, kit, 'en')
  // In a right-to-left page a space inside an isolate lands on its far side: the parts ran together.
  const parts = (id: string) =>
    [...(host.querySelector(`[data-testid="wk-${id}"]`)?.childNodes ?? [])]
      .filter((n) => n.nodeName !== 'BUTTON')
      .map((n) =>
        n.nodeName === 'BDI' ? `<${(n as Element).getAttribute('dir') ?? 'auto'}>` : n.textContent,
      )
  expect(parts('send-review-amount')).toEqual(['<ltr>', ' ', '<ltr>'])
  expect(parts('send-review-fee')).toEqual(['<ltr>', ' ', '<ltr>'])
  expect(parts('send-review-to')).toEqual(['<auto>', ' ', '<ltr>'])
  const address = host.querySelector('[data-testid="wk-send-review-address"]')
  expect(address?.textContent).toBe('0x0000…00bb')
  expect(address?.hasAttribute('data-short')).toBe(true)
  act(() => host.querySelector<HTMLButtonElement>('[data-testid="wk-send-review-full"]')?.click())
  expect(address?.hasAttribute('data-short')).toBe(false)
})
