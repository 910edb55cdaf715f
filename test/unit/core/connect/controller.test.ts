import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { createConnectFlow } from '../../../../src/core/connect/controller.js'
import type { ConnectOptions } from '../../../../src/core/connection.js'
import { ConnectAbortedError } from '../../../../src/core/errors/connection.js'
import {
  RequestAlreadyPendingError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../../src/core/errors/rpc.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { createRouter } from '../../../../src/core/router.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { WalletEntry } from '../../../../src/core/types/wallet.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A connector whose `connect` the flow never calls itself (the connection does). */
const installed = (id: string, more: Partial<Connector> = {}) =>
  ({ id, name: `Wallet ${id}`, type: 'ANNOUNCED', namespace: 'eip155', ...more }) as Connector

const entry = (id: string, more: Partial<WalletEntry> = {}) =>
  ({ id, name: `Wallet ${id}`, rdns: null, supports_wc: false, chains: [], ...more }) as WalletEntry

/** The flow over a real router, a connection whose answers the test gives, and recorders. */
function setup(
  connectors: Connector[] = [installed('a', { rdns: 'a.example' })],
  phone?: Parameters<typeof createConnectFlow>[0]['phone'],
) {
  const router = createRouter({
    isConnected: () => false,
    hasAdapters: () => true,
    isMobile: () => false,
  })
  const answers: { resolve(): void; reject(error: unknown): void; options: ConnectOptions }[] = []
  const connection = {
    connect: vi.fn(
      (_connector: Connector, options: ConnectOptions = {}) =>
        new Promise<void>((resolve, reject) => {
          answers.push({ resolve, reject, options })
          options.signal?.addEventListener('abort', () => reject(new ConnectAbortedError()))
        }),
    ),
    switchNetwork: vi.fn(() => Promise.resolve()),
  }
  const emitted: unknown[] = []
  const tracked: unknown[] = []
  const toasts = { error: vi.fn() }
  const lists = {
    featured: signal([]),
    recommended: signal([]),
    recent: signal([]),
    all: signal([]),
  }
  const flow = createConnectFlow({
    connection,
    router,
    chain: { isConnected: signal(false) },
    connectors: signal(connectors),
    wallets: { ...lists, addRecent: vi.fn() },
    catalogMatch: () => undefined,
    analytics: { track: (...args: unknown[]) => void tracked.push(args) },
    events: { emit: (name, detail) => void emitted.push([name, detail]) },
    toasts,
    phone,
  })
  cleanups.push(
    () => flow.destroy(),
    () => router.destroy(),
  )
  router.open('Connect')
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { flow, router, connection, answers, emitted, tracked, toasts, settle }
}

test('default: choosing an installed wallet opens its view, connects it and closes once connected', async () => {
  const { flow, router, connection, answers, tracked, settle } = setup()
  flow.selectWallet(entry('a', { rdns: 'a.example' }))
  expect(router.view.value).toBe('ConnectingExternal')
  expect(flow.target.value).toMatchObject({ name: 'Wallet a', connector: { id: 'a' } })
  expect(flow.attempt.value).toEqual({ status: 'connecting' })
  expect(connection.connect).toHaveBeenCalledTimes(1)
  expect(tracked).toEqual([['SELECT_WALLET', { name: 'Wallet a', platform: 'browser' }]])
  answers[0]?.resolve()
  await settle()
  expect(router.isOpen.value).toBe(false)
})

test('behavior: a decline offers a retry, which asks the wallet again', async () => {
  const { flow, connection, answers, emitted, settle } = setup()
  flow.selectConnector(installed('a'))
  answers[0]?.reject(new UserRejectedRequestError())
  await settle()
  expect(flow.attempt.value).toEqual({ status: 'declined' })
  expect(emitted).toEqual([
    ['error', { code: '4001', message: 'The request was declined in the wallet.' }],
  ])
  flow.retry()
  expect(flow.attempt.value).toEqual({ status: 'connecting' })
  // A second retry while the wallet is asked does nothing.
  flow.retry()
  expect(connection.connect).toHaveBeenCalledTimes(2)
})

test('behavior: a request already pending and a failure keep the wallet’s error', async () => {
  const { flow, answers, emitted, settle } = setup()
  flow.selectConnector(installed('a'))
  answers[0]?.reject(new RequestAlreadyPendingError())
  await settle()
  expect(flow.attempt.value).toMatchObject({ status: 'pending', error: { code: -32002 } })
  flow.retry()
  answers[1]?.reject(new TypeError('boom'))
  await settle()
  expect(flow.attempt.value).toMatchObject({
    status: 'failed',
    error: { shortMessage: 'TypeError: boom' },
  })
  expect(emitted.at(-1)).toEqual([
    'error',
    { code: 'CONNECT_FAILED', message: 'Connection failed' },
  ])
})

test('behavior: leaving the view abandons the attempt without a failure', async () => {
  const { flow, router, answers, emitted, settle } = setup()
  flow.selectConnector(installed('a'))
  router.goBack()
  await settle()
  expect(answers[0]?.options.signal?.aborted).toBe(true)
  expect(flow.attempt.value).toEqual({ status: 'connecting' })
  expect(emitted).toEqual([])
})

test('behavior: a catalogue wallet without an installed connector opens its page, and connects nothing', () => {
  const { flow, router, connection } = setup([])
  flow.selectWallet(entry('b'))
  expect(router.view.value).toBe('ConnectingExternal')
  expect(flow.target.value).toMatchObject({ wallet: { id: 'b' }, connector: undefined })
  expect(connection.connect).not.toHaveBeenCalled()
})

test('behavior: two installed wallets claiming one rdns are both marked, and neither is picked for the catalogue entry', () => {
  const twins = [installed('a', { rdns: 'x.example' }), installed('b', { rdns: 'x.example' })]
  const { flow, connection } = setup(twins)
  expect(flow.isSuspicious(installed('c', { flags: { duplicateRdns: true } }))).toBe(true)
  expect(flow.isSuspicious(installed('c'))).toBe(false)
  flow.selectWallet(entry('x', { rdns: 'x.example' }))
  expect(connection.connect).not.toHaveBeenCalled()
})

test('behavior: a network switch is busy while it runs, and a failure is kept until the next try', async () => {
  const { flow, connection, toasts, router, settle } = setup()
  const network = resolveNetwork('eip155:8453')
  let fail: (error: unknown) => void = () => {}
  connection.switchNetwork.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
  router.push('Networks')
  flow.network.switchTo(network)
  expect(flow.network.busy.value).toBe('eip155:8453')
  flow.network.switchTo(resolveNetwork('eip155:1'))
  expect(connection.switchNetwork).toHaveBeenCalledTimes(1)
  const error = new WalletRequestError({ message: 'nope' })
  fail(error)
  await settle()
  expect(flow.network.busy.value).toBeUndefined()
  expect(flow.network.failure.value).toBe(error)
  expect(toasts.error).toHaveBeenCalledWith(error)
  // Leaving the view clears it.
  router.goBack()
  expect(flow.network.failure.value).toBeUndefined()
})

test('behavior: on a phone, the tap on a WalletConnect wallet opens its link in the tap, before its view', () => {
  const walletConnect = installed('wc', {
    type: 'WALLET_CONNECT',
    name: 'WalletConnect',
    pairing: { isMobile: () => true },
  } as Partial<Connector>)
  const order: string[] = []
  const phone = {
    openInTap: vi.fn(() => order.push('link') > 0),
    opened: signal(undefined),
    inAppBrowser: undefined,
  }
  const { flow, router } = setup([walletConnect], phone)
  router.view.subscribe((view) => void order.push(view))
  order.splice(0)
  const wallet = entry('w', { supports_wc: true })
  flow.selectWallet(wallet)
  expect(phone.openInTap).toHaveBeenCalledWith(wallet)
  expect(order).toEqual(['link', 'ConnectingWalletConnect'])
  // An installed wallet connects through its own connector: no link.
  phone.openInTap.mockClear()
  flow.selectWallet(entry('x', { supports_wc: false }))
  expect(phone.openInTap).not.toHaveBeenCalled()
})
