import { effect } from '@preact/signals-core'
import { getAddress } from 'viem'
import { afterEach, expect, test, vi } from 'vitest'
import { ConnectAbortedError } from '../../../src/core/errors/connection.js'
import { UserRejectedRequestError } from '../../../src/core/errors/rpc.js'
import type { Kit } from '../../../src/core/kit.js'
import type { CaipNetworkId } from '../../../src/core/types/caip.js'
import type { Connector } from '../../../src/core/types/connector.js'
import type { ChainDescription } from '../../stack/chain/index.js'
import { createTestKit, settle } from '../connectors/support/test-kit.js'

// Networks only: no chain is asked anything (balances come from the in-memory blockchain API).
const CHAINS = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:9/' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:9/' },
] as unknown as ChainDescription[]

const FIRST = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
const SECOND = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')

type Answer = { accounts: string[]; caipNetworkId: CaipNetworkId }

/** A wallet whose connect prompts stay open until the test answers them. */
function fakeConnector(id: string, address: string, type: Connector['type'] = 'ANNOUNCED') {
  const prompts: { resolve: (a: Answer) => void; reject: (e: unknown) => void }[] = []
  const connector = {
    id,
    name: id,
    type,
    namespace: 'eip155',
    connect: vi.fn(
      () =>
        new Promise<Answer>((resolve, reject) => {
          prompts.push({ resolve, reject })
        }),
    ),
    disconnect: vi.fn(async () => undefined),
    getAccounts: vi.fn(async () => [address]),
    getNetworkId: vi.fn(async () => 'eip155:31337' as CaipNetworkId),
    isAuthorized: vi.fn(async () => false),
    switchNetwork: vi.fn(async () => undefined),
    getProvider: () => undefined,
    on: () => () => undefined,
  } satisfies Connector
  /** The wallet approves prompt `i`. */
  const approve = (i: number) =>
    prompts[i]?.resolve({ accounts: [address], caipNetworkId: 'eip155:31337' })
  /** The wallet declines prompt `i`. */
  const decline = (i: number) => prompts[i]?.reject(new UserRejectedRequestError())
  return { connector, prompts, approve, decline }
}

const kits: Kit[] = []
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit with two wallets, the modal open on a connecting view, and each status it shows in turn. */
function setup(type: Connector['type'] = 'WALLET_CONNECT') {
  const first = fakeConnector('first', FIRST, type)
  const second = fakeConnector('second', SECOND, type)
  const t = createTestKit({ chains: CHAINS, connectors: [first.connector, second.connector] })
  kits.push(t.kit)
  const statuses: string[] = []
  stops.push(
    effect(() => {
      const status = t.kit.state.value.status
      if (statuses[statuses.length - 1] !== status) statuses.push(status)
    }),
  )
  const { router } = t.kit
  router.open('Connect')
  router.push('ConnectingWalletConnect')
  t.events.length = 0
  /** Starts a connect as a connecting view does: it lasts while the view is shown. */
  const connectHere = (connector: Connector) => {
    const done = t.kit.connection.connect(connector, { signal: router.leaveSignal() })
    done.catch(() => undefined)
    return done
  }
  return { ...t, first, second, statuses, connectHere }
}

test('default', async () => {
  const { kit, first, events, statuses, connectHere } = setup()
  const attempt = connectHere(first.connector)
  expect(kit.getState().status).toBe('connecting')

  kit.router.goBack()
  // At once, not when the wallet's prompt times out.
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null, connector: null })
  await expect(attempt).rejects.toBeInstanceOf(ConnectAbortedError)
  expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
  expect(events).toEqual([])
  expect(kit.connection.connectorOf('eip155')).toBeUndefined()
})

test('behavior: closing the modal abandons the attempt too', async () => {
  const { kit, first, connectHere } = setup()
  const attempt = connectHere(first.connector)
  kit.close()
  expect(kit.getState()).toMatchObject({ open: false, status: 'disconnected' })
  await expect(attempt).rejects.toBeInstanceOf(ConnectAbortedError)
})

test('behavior: a late approval of an abandoned attempt changes nothing and is ended in the wallet', async () => {
  const { kit, first, events, statuses, connectHere } = setup()
  void connectHere(first.connector)
  kit.router.goBack()
  first.approve(0)
  await settle()
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null })
  expect(events).toEqual([])
  expect(kit.connection.connectorOf('eip155')).toBeUndefined()
  expect(kit.connection.stored(), 'nothing to reconnect after a reload').toEqual([])
  expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
  expect(first.connector.disconnect).toHaveBeenCalledTimes(1)
})

test('behavior: an extension keeps its late approval: the site is not revoked behind the visitor', async () => {
  const { kit, first, events, connectHere } = setup('ANNOUNCED')
  void connectHere(first.connector)
  kit.router.goBack()
  first.approve(0)
  await settle()
  expect(kit.getState()).toMatchObject({ status: 'disconnected', address: null })
  expect(events).toEqual([])
  expect(first.connector.disconnect).not.toHaveBeenCalled()
})

test('behavior: a late failure of an abandoned attempt changes nothing', async () => {
  const { kit, first, events, statuses, connectHere } = setup()
  void connectHere(first.connector)
  kit.router.goBack()
  first.decline(0)
  await settle()
  expect(kit.getState().status).toBe('disconnected')
  expect(events).toEqual([])
  expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
  expect(first.connector.disconnect).not.toHaveBeenCalled()
})

test('behavior: leaving while connecting a second wallet keeps the first connection as it was', async () => {
  const { kit, first, second, events, connectHere } = setup()
  const connected = kit.connection.connect(first.connector)
  first.approve(0)
  await connected
  const before = kit.getState()
  expect(before).toMatchObject({ status: 'connected', address: FIRST })
  events.length = 0

  kit.router.push('AllWallets')
  kit.router.push('ConnectingExternal')
  void connectHere(second.connector)
  expect(kit.getState().status).toBe('connecting')
  kit.close()
  const after = { ...before, open: false, view: 'ConnectingExternal' }
  expect(kit.getState()).toEqual(after)

  second.approve(0)
  await settle()
  expect(kit.getState()).toEqual(after)
  expect(kit.connection.connectorOf('eip155')).toBe(first.connector)
  expect(
    events.map((e) => e[0]),
    'no connected event',
  ).toEqual(['close'])
  expect(second.connector.disconnect).toHaveBeenCalledTimes(1)
  expect(first.connector.disconnect).not.toHaveBeenCalled()
})

test('behavior: returning to the view starts a fresh attempt that the old one cannot disturb', async () => {
  const { kit, first, events, statuses, connectHere } = setup()
  const abandoned = connectHere(first.connector)
  kit.router.goBack()
  await expect(abandoned).rejects.toBeInstanceOf(ConnectAbortedError)

  kit.router.push('ConnectingWalletConnect')
  const fresh = connectHere(first.connector)
  expect(first.connector.connect).toHaveBeenCalledTimes(2)
  expect(kit.getState().status).toBe('connecting')

  // The abandoned prompt fails late: the fresh attempt still shows as connecting.
  first.decline(0)
  await settle()
  expect(kit.getState().status).toBe('connecting')

  first.approve(1)
  await fresh
  expect(kit.getState()).toMatchObject({ status: 'connected', address: FIRST })
  expect(events.filter((e) => e[0] === 'connected')).toHaveLength(1)
  expect(statuses).toEqual([
    'disconnected',
    'connecting',
    'disconnected',
    'connecting',
    'connected',
  ])
})

test('behavior: a late approval while the visitor connects the same wallet again is not ended', async () => {
  const { kit, first, events, connectHere } = setup()
  void connectHere(first.connector)
  kit.router.goBack()
  kit.router.push('ConnectingWalletConnect')
  const fresh = connectHere(first.connector)
  first.approve(0)
  await settle()
  expect(kit.getState().status).toBe('connecting')
  expect(events).toEqual([])
  // Ending it now would end what the visitor is connecting with.
  expect(first.connector.disconnect).not.toHaveBeenCalled()

  first.approve(1)
  await fresh
  expect(kit.getState().status).toBe('connected')
  expect(events.map((e) => e[0])).toEqual(['connected'])
})

test('behavior: an answer and the abort in the same turn: the abort wins', async () => {
  const { kit, first, events, connectHere } = setup()
  const attempt = connectHere(first.connector)
  first.approve(0)
  kit.router.goBack()
  await expect(attempt).rejects.toBeInstanceOf(ConnectAbortedError)
  await settle()
  expect(kit.getState().status).toBe('disconnected')
  expect(events).toEqual([])
})

test('behavior: a connect without a signal is not tied to the view', async () => {
  const { kit, first } = setup()
  const attempt = kit.connection.connect(first.connector)
  kit.router.goBack()
  expect(kit.getState().status).toBe('connecting')
  first.approve(0)
  await attempt
  expect(kit.getState()).toMatchObject({ status: 'connected', address: FIRST })
})

test('behavior: a connect after the view was left does not start', async () => {
  const { kit, first, statuses } = setup()
  const signal = kit.router.leaveSignal()
  kit.router.goBack()
  await expect(kit.connection.connect(first.connector, { signal })).rejects.toBeInstanceOf(
    ConnectAbortedError,
  )
  expect(first.connector.connect).not.toHaveBeenCalled()
  expect(statuses).toEqual(['disconnected'])
})

test('error: a failure before leaving is the wallet’s, and leaving afterwards changes nothing', async () => {
  const { kit, first, statuses, connectHere } = setup()
  const attempt = connectHere(first.connector)
  first.decline(0)
  await expect(attempt).rejects.toBeInstanceOf(UserRejectedRequestError)
  kit.router.goBack()
  expect(statuses).toEqual(['disconnected', 'connecting', 'disconnected'])
})
