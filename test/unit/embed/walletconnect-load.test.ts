import { expect, test, vi } from 'vitest'

const events: string[] = []
const factory = { init: vi.fn() }

vi.mock('../../../src/connectors/walletconnect/index.js', () => ({
  loadUniversalProvider: async () => {
    events.push('packages')
    return factory
  },
}))
vi.mock('../../../src/embed/shims/relay-auth.js', () => ({
  prepareCurve: () => {
    events.push('curve')
    // A task queued now runs before the loader hands the factory over only if it yields a task.
    setTimeout(() => events.push('next task'), 0)
  },
}))

const { loadWalletConnect } = await import('../../../src/embed/walletconnect-load.js')

test('behavior: the curve is prepared after the packages, in a task before the client starts', async () => {
  expect(await loadWalletConnect()).toBe(factory)
  events.push('factory')
  expect(events).toEqual(['packages', 'curve', 'next task', 'factory'])
})
