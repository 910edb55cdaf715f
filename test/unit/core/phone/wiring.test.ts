import { signal } from '@preact/signals-core'
import { beforeEach, expect, test, vi } from 'vitest'
import { createPairing, type PairingConnector } from '../../../../src/core/pairing.js'
import { PENDING_PAIRING_KEY } from '../../../../src/core/phone/controller.js'
import type { PairingPreparer } from '../../../../src/core/phone/ports.js'
import { createKitPhone } from '../../../../src/core/phone/wiring.js'
import { createRouter } from '../../../../src/core/router.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'

function setup({ phone = true } = {}) {
  const preparer: PairingPreparer = {
    propose: vi.fn(() => ({
      uri: new Promise<string>(() => undefined),
      approved: new Promise<void>(() => undefined),
      createdAt: Date.now(),
    })),
    adopt: vi.fn(),
    awaitSession: vi.fn(async () => true),
  }
  const walletConnect = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    namespace: 'eip155',
    pairing: createPairing({ source: { onDisplayUri: () => () => undefined } }),
    preparer,
  } as unknown as PairingConnector
  const router = createRouter({
    isConnected: () => false,
    hasAdapters: () => true,
    isMobile: () => phone,
  })
  const reconnect = vi.fn(async (_: Connector) => true)
  const addRecent = vi.fn()
  const kitPhone = createKitPhone({
    connectors: signal([walletConnect]),
    router,
    isPhone: () => phone,
    storage: createSafeStorage(() => localStorage),
    afterPaint: (task) => task(),
    visibility: undefined,
    reconnect,
    addRecent,
  })
  return { router, preparer, walletConnect, reconnect, addRecent, kitPhone }
}

beforeEach(() => localStorage.clear())

test('default', () => {
  const { router, preparer } = setup()
  // Nothing before the visitor opens the modal (the privacy rule).
  expect(preparer.propose).not.toHaveBeenCalled()
  router.open()
  expect(router.view.value).toBe('Connect')
  expect(preparer.propose).toHaveBeenCalledTimes(1)
})

test('behavior: All Wallets keeps the pairing; other views and a closed modal prepare none', () => {
  const { router, preparer } = setup()
  router.open('Account')
  expect(preparer.propose).not.toHaveBeenCalled()
  router.open('AllWallets')
  router.push('Networks')
  router.goBack()
  router.close()
  expect(preparer.propose).toHaveBeenCalledTimes(1)
})

test('behavior: on a computer nothing is prepared', () => {
  const { router, preparer } = setup({ phone: false })
  router.open('Connect')
  expect(preparer.propose).not.toHaveBeenCalled()
})

test('behavior: after a reload, a session approved in the wallet reconnects silently and is recent', async () => {
  localStorage.setItem(
    `walletkit:${PENDING_PAIRING_KEY}`,
    JSON.stringify({ at: Date.now() - 1000, walletId: 'w1' }),
  )
  const { preparer, reconnect, addRecent, walletConnect, router } = setup()
  expect(preparer.awaitSession).toHaveBeenCalledTimes(1)
  await vi.waitFor(() => expect(addRecent).toHaveBeenCalledWith('w1'))
  expect(reconnect).toHaveBeenCalledWith(walletConnect)
  // Silently: the modal stays closed.
  expect(router.isOpen.value).toBe(false)
})
