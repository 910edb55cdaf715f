import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { createAuthConnector } from '../../../src/connectors/auth/connector.js'
import { createFrameHost } from '../../../src/embed/frame-host.js'
import { createLoginConnector } from '../../../src/embed/login.js'
import { FRAME_URL } from '../connectors/auth/fake-frame.js'

// The connector's and the host's modules are reached through requires (static imports under
// test): their factories are watched to tell when the connector is made.
vi.mock('../../../src/connectors/auth/connector.js', async (original) => {
  const module = await original<typeof import('../../../src/connectors/auth/connector.js')>()
  return { ...module, createAuthConnector: vi.fn(module.createAuthConnector) }
})
vi.mock('../../../src/embed/frame-host.js', async (original) => {
  const module = await original<typeof import('../../../src/embed/frame-host.js')>()
  return { ...module, createFrameHost: vi.fn(module.createFrameHost) }
})

const parameters = {
  url: FRAME_URL,
  chainIds: [1],
  preferredAccountType: () => 'smartAccount' as const,
}
const label = signal('Approve in your login wallet')
let destroy: (() => void) | undefined
afterEach(() => {
  destroy?.()
  vi.mocked(createAuthConnector).mockClear()
  vi.mocked(createFrameHost).mockClear()
})

test('default', async () => {
  const connector = createLoginConnector(parameters, label)
  destroy = connector.destroy
  expect([connector.id, connector.name, connector.type, connector.namespace]).toEqual([
    'auth',
    'Email & Social',
    'AUTH',
    'eip155',
  ])
  expect(createAuthConnector).not.toHaveBeenCalled()
  expect(createFrameHost).not.toHaveBeenCalled()
  // The first use makes the connector and the frame's host, in the kit's language.
  await expect(connector.getAccounts()).resolves.toEqual([])
  expect(createAuthConnector).toHaveBeenCalledTimes(1)
  expect(createFrameHost).toHaveBeenCalledWith(label, expect.any(Function))
  await connector.getNetworkId()
  expect(createAuthConnector).toHaveBeenCalledTimes(1)
  // Destroying the connector removes its frame's host too.
  const host = vi.mocked(createFrameHost).mock.results[0]?.value as { destroy(): void }
  const removed = vi.spyOn(host, 'destroy')
  connector.destroy()
  expect(removed).toHaveBeenCalledTimes(1)
})

test('behavior: the fields known before are those of the connector', () => {
  const real = createAuthConnector({ ...parameters, host: { mount() {}, show: () => () => {} } })
  const lazy = createLoginConnector(parameters, label)
  destroy = lazy.destroy
  for (const key of ['id', 'name', 'type', 'namespace', 'rdns', 'icon', 'flags'] as const)
    expect(lazy[key], key).toBe(real[key])
  real.destroy()
})

test('behavior: destroyed before any use, nothing is made', () => {
  createLoginConnector(parameters, label).destroy()
  expect(createAuthConnector).not.toHaveBeenCalled()
  expect(createFrameHost).not.toHaveBeenCalled()
})
