import { signal } from '@preact/signals-core'
import { expect, test } from 'vitest'
import { createConnectFlow } from '../../../../src/core/connect/controller.js'
import { createRouter } from '../../../../src/core/router.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import { InstalledList } from '../../../../src/ui/views/InstalledList.js'
import { renderView, textOf } from './render.js'

const connector = (name: string, flags: Connector['flags'] = {}): Connector =>
  ({ id: `eip6963:${name}`, name, namespace: 'eip155', type: 'ANNOUNCED', flags }) as Connector

/** A views' kit holding only what InstalledList reads, with the real connect flow's marks. */
function kitWith(leftOut: number) {
  const none = signal([])
  const connect = createConnectFlow({
    connection: { connect: async () => undefined, switchNetwork: async () => undefined },
    router: createRouter({
      isConnected: () => false,
      hasAdapters: () => true,
      isMobile: () => false,
    }),
    chain: { isConnected: signal(false) },
    connectors: signal([]),
    wallets: {
      addRecent: () => undefined,
      featured: none,
      recommended: none,
      recent: none,
      all: none,
    },
    catalogMatch: () => undefined,
    analytics: { track: () => undefined },
    events: { emit: () => undefined },
    toasts: { error: () => 0 },
  })
  return {
    adapters: ['eip155'],
    connect,
    leftOutWallets: signal(leftOut),
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
