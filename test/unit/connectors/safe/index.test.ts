import { signal } from '@preact/signals-core'
import { expect, test, vi } from 'vitest'
import { createSafeConnectors } from '../../../../src/connectors/safe/index.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { ChainDescription } from '../../../stack/chain/index.js'
import { createTestKit, settle } from '../support/test-kit.js'
import { createFakeFrame, SAFE_INFO } from './fake-frame.js'

const SAFE = 'https://app.safe.global'
const chains = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }] as ChainDescription[]
const framed = (answers = { getSafeInfo: () => SAFE_INFO }) =>
  createFakeFrame({ parentOrigin: SAFE, ancestorOrigins: [SAFE], answers })

test('default: the Safe is listed once its parent answered, and reported once', async () => {
  const frame = framed()
  const onFound = vi.fn()
  const safe = createSafeConnectors({
    allowedOrigins: [SAFE],
    timeoutMs: 1000,
    onFound,
    window: frame.window,
  })
  expect(safe.connectors.value).toEqual([])
  await settle()
  expect(safe.connectors.value.map((c) => [c.id, c.type])).toEqual([['safe', 'SAFE']])
  expect(onFound).toHaveBeenCalledTimes(1)
  safe.destroy()
  expect(frame.listeners.count).toBe(0)
})

test('behavior: destroyed before the parent answered, nothing is listed and nothing listens', async () => {
  const frame = framed()
  const onFound = vi.fn()
  const safe = createSafeConnectors({
    allowedOrigins: [SAFE],
    timeoutMs: 1000,
    onFound,
    window: frame.window,
  })
  safe.destroy()
  await settle()
  expect(safe.connectors.value).toEqual([])
  expect(onFound).not.toHaveBeenCalled()
  expect(frame.listeners.count).toBe(0)
})

test('default: the kit connects the Safe without a prompt, once, even when asked twice', async () => {
  const frame = framed()
  const list = signal<readonly Connector[]>([])
  const t = createTestKit({ chains, connectors: list })
  const safe = createSafeConnectors({
    allowedOrigins: [SAFE],
    timeoutMs: 1000,
    window: frame.window,
    onFound: (connector) => {
      list.value = [connector]
      // Both the remembered-connection effect and the Safe's own call may ask at once.
      void t.kit.connection.reconnect(connector)
      void t.kit.connection.reconnect(connector)
    },
  })
  await settle()
  await settle()
  expect(t.account()).toMatchObject({
    status: 'connected',
    address: SAFE_INFO.safeAddress,
    connector: { id: 'safe', name: 'Safe', type: 'SAFE' },
  })
  expect(t.named('connected')).toHaveLength(1)
  expect(t.named('open')).toHaveLength(0)
  safe.destroy()
  t.kit.destroy()
})
