import { afterEach, expect, test, vi } from 'vitest'
import { createKitAuth } from '../../../src/core/auth/wiring.js'
import { createLazyAuth } from '../../../src/core/auth-lazy.js'
import { createChainState } from '../../../src/core/chain-state.js'
import type { Connection } from '../../../src/core/connection.js'
import { createEmitter } from '../../../src/core/emitter.js'
import { resolveNetwork } from '../../../src/core/networks.js'
import { resolveOptions } from '../../../src/core/options.js'
import { createRouter } from '../../../src/core/router.js'
import { createToasts } from '../../../src/core/toast.js'
import type { AuthPort } from '../../../src/core/types/auth.js'
import type { KitEvents } from '../../../src/core/types/events.js'
import type { Features } from '../../../src/core/types/options.js'
import { memoryStorage, projectId } from '../connectors/support/test-kit.js'

// The controller's module is reached through a require (a static import under test): its
// factory is watched to tell when the controller is made.
vi.mock('../../../src/core/auth/wiring.js', async (original) => {
  const module = await original<typeof import('../../../src/core/auth/wiring.js')>()
  return { ...module, createKitAuth: vi.fn(module.createKitAuth) }
})

const made = vi.mocked(createKitAuth)
afterEach(() => made.mockClear())

function setup(features: Partial<Features> = {}, networks = ['eip155:1']) {
  const port = { type: 'AUTH', connectEmail: vi.fn(async () => 'VERIFY_OTP' as const) }
  const parts = {
    options: resolveOptions({ projectId, networks, features }),
    router: createRouter({
      isConnected: () => false,
      hasAdapters: () => true,
      isMobile: () => false,
    }),
    chain: createChainState({
      networks: [resolveNetwork('eip155:1')],
      defaultNetwork: resolveNetwork('eip155:1'),
      accountTypes: { eip155: 'smartAccount' },
    }),
    toasts: createToasts(),
    storage: memoryStorage(),
    connection: { connect: vi.fn() } as unknown as Connection,
    events: createEmitter<KitEvents>(),
  }
  return { port, parts, auth: createLazyAuth(port as unknown as AuthPort, parts) }
}

test('default', () => {
  const { auth } = setup({ socials: ['google', 'x'] })
  // What Connect's first frame reads: no controller yet.
  expect(auth?.emailEnabled).toBe(true)
  expect(auth?.socials).toEqual(['google', 'x'])
  const draft = auth?.email.draft
  expect([draft?.value, auth?.email.status.value, auth?.email.error.value]).toEqual([
    '',
    'idle',
    undefined,
  ])
  expect(made).not.toHaveBeenCalled()
  // The first step makes it, over the same field.
  auth?.email.setDraft('alice@example.com')
  expect(made).toHaveBeenCalledTimes(1)
  expect(draft?.value).toBe('alice@example.com')
  expect(auth?.preferredAccountType()).toBe('smartAccount')
  expect(made).toHaveBeenCalledTimes(1)
})

test('behavior: the fields known before are those of the controller', () => {
  const cases: Partial<Features>[] = [{}, { email: false }, { socials: ['github', 'apple'] }]
  for (const features of cases) {
    const { auth, port, parts } = setup(features)
    const real = createKitAuth(port as unknown as AuthPort, parts)
    expect([auth?.emailEnabled, auth?.socials]).toEqual([real.emailEnabled, real.socials])
    real.destroy()
  }
})

test('behavior: a step fails into the field Connect shows', async () => {
  const { auth } = setup()
  const status = auth?.email.status
  const error = auth?.email.error
  await auth?.email.submit()
  expect([status?.value, error?.value]).toEqual(['failed', 'invalidEmail'])
})

test('behavior: destroyed before any use, nothing is made', () => {
  setup().auth?.destroy()
  expect(made).not.toHaveBeenCalled()
})

test('args: without the connector, or without login offered, there is no login', () => {
  expect(createLazyAuth(undefined, setup().parts)).toBeUndefined()
  expect(setup({ email: false, socials: [] }).auth).toBeUndefined()
  expect(setup({}, ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']).auth).toBeUndefined()
  expect(made).not.toHaveBeenCalled()
})
