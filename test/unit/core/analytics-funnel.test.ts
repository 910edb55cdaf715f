import { expect, test, vi } from 'vitest'
import type { Analytics } from '../../../src/core/analytics.js'
import { trackFunnel } from '../../../src/core/analytics-funnel.js'
import { createEmitter } from '../../../src/core/emitter.js'
import type { KitEvents } from '../../../src/core/types/events.js'

function setup(includeAddress = false) {
  const events = createEmitter<KitEvents>()
  const track = vi.fn()
  const analytics = { track } as unknown as Analytics
  const stop = trackFunnel(
    events,
    analytics,
    () => ({
      view: 'Account',
      connector: 'io.metamask',
      caipNetworkId: 'eip155:1',
      address: '0xAbC',
    }),
    includeAddress,
  )
  return { events, track, stop }
}

test('default: the kit events become the funnel, with view, connector and network', () => {
  const { events, track } = setup()
  events.emit('connected', {
    address: '0xAbC',
    caipAddress: 'eip155:1:0xAbC',
    namespace: 'eip155',
    caipNetworkId: 'eip155:1',
    connector: { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' },
  })
  events.emit('chainChanged', {
    caipNetworkId: 'eip155:8453',
    namespace: 'eip155',
    supported: true,
  })
  events.emit('signedIn', {
    caipAddress: 'eip155:1:0xAbC',
    caipNetworkId: 'eip155:1',
    expiresAt: null,
  })
  events.emit('transaction', { hash: '0x1', kind: 'send', caipNetworkId: 'eip155:1' })
  events.emit('transaction', { hash: '0x2', kind: 'swap', caipNetworkId: 'eip155:1' })
  events.emit('transaction', { hash: '0x3', kind: 'approve', caipNetworkId: 'eip155:1' })
  events.emit('disconnected', { namespace: 'eip155' })
  expect(track.mock.calls.map((c) => c[0])).toEqual([
    'CONNECT_SUCCESS',
    'SWITCH_NETWORK',
    'SIWX_AUTH_SUCCESS',
    'SEND_SUCCESS',
    'SWAP_SUCCESS',
    'SWAP_APPROVAL',
    'DISCONNECT_SUCCESS',
  ])
  expect(track.mock.calls[0]?.[1]).toMatchObject({
    view: 'Account',
    connector: 'io.metamask',
    connectorType: 'ANNOUNCED',
    caipNetworkId: 'eip155:1',
  })
  expect(track.mock.calls[1]?.[1]).toMatchObject({ caipNetworkId: 'eip155:8453' })
  // Never an address, nor a hash (a hash leads to the address).
  expect(JSON.stringify(track.mock.calls)).not.toMatch(/0xabc|0x1"|0x2"/i)
})

test('behavior: the address only when the site owner opted in; stop() stops', () => {
  const { events, track, stop } = setup(true)
  events.emit('disconnected', { namespace: 'eip155' })
  expect(track.mock.calls[0]?.[2]).toBe('0xAbC')
  stop()
  events.emit('disconnected', { namespace: 'eip155' })
  expect(track).toHaveBeenCalledTimes(1)
})
