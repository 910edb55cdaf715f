import { expect, test } from 'vitest'
import { dateFormat } from '../../../../src/core/utils/format.js'
import { createTranslate } from '../../../../src/ui/i18n/index.js'
import {
  PendingRow,
  type RowContext,
  TransactionRow,
} from '../../../../src/ui/views/TransactionRow.js'
import { FRIEND, item, transfer } from '../../core/history/items.js'
import { renderView, textOf } from './render.js'

const context = (locale: string): RowContext => ({
  t: createTranslate('en'),
  locale,
  date: dateFormat(locale, { day: 'numeric', month: 'short' }),
  explorerOf: () => undefined,
  copy: () => undefined,
})

/** A swap of 1234.5 USDC for 0.5 ETH, mined on 20 November. */
const swap = item({
  transfers: [
    transfer({ amount: '1234.5', direction: 'out' }),
    transfer({ symbol: 'ETH', amount: '0.5', direction: 'in' }),
  ],
})

const row = (locale: string) =>
  renderView(
    <TransactionRow
      item={swap}
      direction="swapped"
      counterparty={FRIEND}
      flag={undefined}
      ctx={context(locale)}
    />,
    {},
    locale,
  )

test('behavior: under German the amounts and the date are written the German way', () => {
  const host = row('de')
  expect(textOf(host, 'history-amount')).toBe('-1.234,5 USDC → +0,5 ETH')
  expect(host.querySelector('time')?.textContent).toBe('20. Nov.')
})

test('default: in English the amounts keep English separators, left to right and isolated', () => {
  const host = row('en')
  const amount = host.querySelector('[data-testid="wk-history-amount"]')
  expect(amount?.textContent).toBe('-1,234.5 USDC → +0.5 ETH')
  expect(amount?.tagName).toBe('BDI')
  expect(amount?.getAttribute('dir')).toBe('ltr')
})

test('behavior: a pending row writes its amount in the locale', () => {
  const pending = {
    hash: `0x${'1'.repeat(64)}`,
    caipNetworkId: 'eip155:1',
    submittedAt: 0,
    label: { amount: '2500.25', symbol: 'DAI' },
  }
  const host = renderView(<PendingRow pending={pending} ctx={context('de')} />, {}, 'de')
  expect(host.querySelector('.wk-history-amount')?.textContent).toBe('-2.500,25 DAI')
})
