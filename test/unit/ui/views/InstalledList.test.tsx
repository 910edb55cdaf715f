import { signal } from '@preact/signals-core'
import { expect, test } from 'vitest'
import type { Connector } from '../../../../src/core/types/connector.js'
import { InstalledList } from '../../../../src/ui/views/InstalledList.js'
import { renderView, textOf } from './render.js'

const connector = (name: string, flags: Connector['flags'] = {}): Connector =>
  ({ id: `eip6963:${name}`, name, namespace: 'eip155', type: 'ANNOUNCED', flags }) as Connector

/** A kit holding only what InstalledList reads. */
function kitWith(leftOut: number) {
  const none = signal([])
  return {
    adapters: ['eip155'],
    connectors: signal([]),
    leftOutWallets: signal(leftOut),
    wallets: { featured: none, recommended: none, recent: none, all: none },
    catalogMatch: () => undefined,
    images: { image: () => signal({ status: 'loading' }) },
  }
}

test('default', () => {
  const host = renderView(<InstalledList connectors={[connector('Plain')]} />, kitWith(0), 'en')
  expect(host.textContent).toContain('Plain')
  expect(textOf(host, 'installed-left-out')).toBe('')
})

test('behavior: a name that hid invisible letters is shown marked (SECURITY 10)', () => {
  const host = renderView(
    <InstalledList connectors={[connector('MetaMask', { hiddenCharacters: true })]} />,
    kitWith(0),
    'en',
  )
  expect(host.textContent).toContain('Look-alike')
})

test('behavior: the list says how many announced wallets were left out (SECURITY 11)', () => {
  const host = renderView(<InstalledList connectors={[connector('Plain')]} />, kitWith(968), 'en')
  expect(textOf(host, 'installed-left-out')).toBe('Announced wallets not listed (too many): 968')
})
