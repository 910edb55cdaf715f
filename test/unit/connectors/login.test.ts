import { afterEach, expect, test, vi } from 'vitest'
import { createAuthConnector, type FrameHost } from '../../../src/connectors/auth/connector.js'
import { createLoginConnector } from '../../../src/connectors/login.js'
import { FRAME_URL } from './auth/fake-frame.js'

// The connector's module is reached through a require (a static import under test): its factory
// is watched to tell when the connector is made.
vi.mock('../../../src/connectors/auth/connector.js', async (original) => {
  const module = await original<typeof import('../../../src/connectors/auth/connector.js')>()
  return { ...module, createAuthConnector: vi.fn(module.createAuthConnector) }
})

const parameters = {
  url: FRAME_URL,
  chainIds: [1],
  preferredAccountType: () => 'smartAccount' as const,
}

/** A frame host that records being made and destroyed. */
function hosts() {
  const made: (FrameHost & { destroy: ReturnType<typeof vi.fn> })[] = []
  const make = () => {
    const host = { mount() {}, show: () => () => {}, destroy: vi.fn() }
    made.push(host)
    return host
  }
  return { made, make }
}

afterEach(() => vi.mocked(createAuthConnector).mockClear())

test('default', async () => {
  const { made, make } = hosts()
  const connector = createLoginConnector(parameters, make)
  expect([connector.id, connector.name, connector.type, connector.namespace]).toEqual([
    'auth',
    'Email & Social',
    'AUTH',
    'eip155',
  ])
  expect(createAuthConnector).not.toHaveBeenCalled()
  expect(made).toHaveLength(0)
  // The first use makes the connector and the frame's host, once.
  await expect(connector.getAccounts()).resolves.toEqual([])
  await connector.getNetworkId()
  expect(createAuthConnector).toHaveBeenCalledTimes(1)
  expect(vi.mocked(createAuthConnector).mock.calls[0]?.[0].host).toBe(made[0])
  expect(made).toHaveLength(1)
  // Destroying the connector removes its frame's host too.
  connector.destroy()
  expect(made[0]?.destroy).toHaveBeenCalledTimes(1)
})

test('behavior: the fields known before are those of the connector', () => {
  const { make } = hosts()
  const real = createAuthConnector({ ...parameters, host: make() })
  const lazy = createLoginConnector(parameters, make)
  for (const key of ['id', 'name', 'type', 'namespace', 'rdns', 'icon', 'flags'] as const)
    expect(lazy[key], key).toBe(real[key])
  real.destroy()
  lazy.destroy()
})

test('behavior: destroyed before any use, nothing is made', () => {
  const { made, make } = hosts()
  createLoginConnector(parameters, make).destroy()
  expect(createAuthConnector).not.toHaveBeenCalled()
  expect(made).toHaveLength(0)
})
