import { signal } from '@preact/signals-core'
import { afterEach, expect, test, vi } from 'vitest'
import { createEip155Adapter } from '../../../../src/chains/eip155/adapter.js'
import { createAuthConnector } from '../../../../src/connectors/auth/connector.js'
import { createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import type { Features } from '../../../../src/core/types/options.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { createFakeFrame, FRAME_URL } from '../../connectors/auth/fake-frame.js'
import {
  fakeBlockchain,
  memoryStorage,
  projectId,
  until,
} from '../../connectors/support/test-kit.js'

const SMART = '0x1111111111111111111111111111111111111111'
const EOA = '0x2222222222222222222222222222222222222222'

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit with the Auth connector over the fake frame, which signs in whoever asks. */
function setup(features: Partial<Features> = {}, phone = false) {
  const frame = createFakeFrame()
  let type: 'smartAccount' | 'eoa' = 'smartAccount'
  const user = () => ({
    address: type === 'smartAccount' ? SMART : EOA,
    chainId: 31337,
    accounts: [
      { address: SMART, type: 'smartAccount' },
      { address: EOA, type: 'eoa' },
    ],
    preferredAccountType: type,
    method: 'email',
    email: 'alice@example.com',
  })
  frame.onRequest((m) => {
    if (m.type === 'CONNECT_EMAIL') return { action: 'VERIFY_OTP' }
    if (m.type === 'SET_PREFERRED_ACCOUNT') {
      type = (m.payload as { type: typeof type }).type
      return { type, address: user().address }
    }
    if (m.type === 'GET_USER') return user()
    return {}
  })
  const auth = createAuthConnector({
    url: FRAME_URL,
    chainIds: [31337],
    preferredAccountType: () => 'smartAccount',
    host: {
      mount(iframe) {
        frame.mount(iframe)
        queueMicrotask(() => frame.ready())
      },
      show: () => () => undefined,
    },
    target: frame.page,
  })
  const storage = memoryStorage()
  const kit = createKit({
    options: resolveOptions({ projectId, networks: ['eip155:31337'], features }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: vi.fn(async () => ({ count: 0, data: [] })),
        getWalletImage: vi.fn(async () => {
          throw new Error('no image')
        }),
        getAnalyticsConfig: vi.fn(async () => ({ isAnalyticsEnabled: false })),
      },
      analytics: { send: vi.fn(async () => undefined), beacon: () => true },
    },
    adapters: { eip155: createEip155Adapter({ blockchain: fakeBlockchain(), rpc: rpcRequest }) },
    connectors: signal<readonly Connector[]>([auth]),
    auth,
    // A frame is drawn a task after the open, as in a page.
    env: { isMobile: () => phone, storage, afterPaint: (task) => void setTimeout(task, 0) },
  })
  kits.push(kit, auth)
  return { kit, frame, storage }
}

test('default', async () => {
  const { kit, frame, storage } = setup({ analytics: false })
  expect(kit.auth).toBeDefined()
  // Nothing of the frame before the modal opens.
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(frame.mounted).toEqual([])
  await kit.open()
  // Off a phone the open mounts nothing (Connect's login part does on intent); the first request
  // does.
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(frame.mounted).toEqual([])

  const auth = kit.auth as NonNullable<typeof kit.auth>
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  expect(frame.mounted).toHaveLength(1)
  auth.email.setCode('123456')
  await until(() => expect(kit.getState().status).toBe('connected'))
  const account = kit.chain.accounts.value.eip155
  expect(account).toMatchObject({
    address: SMART,
    allAccounts: [
      { address: SMART, type: 'smartAccount' },
      { address: EOA, type: 'eoa' },
    ],
    preferredAccountType: 'smartAccount',
    user: { email: 'alice@example.com' },
    socialProvider: 'email',
    connector: { id: 'auth', name: 'Email & Social', type: 'AUTH' },
  })
  expect(kit.router.isOpen.value).toBe(false)
  // The embedded wallet is not a recent wallet of the list.
  expect(kit.wallets.recent.value).toEqual([])
  expect(storage.raw.get('walletkit:connections')).toContain('"connectorId":"auth"')
})

test('behavior: on a phone the first open mounts the frame once its frame is drawn', async () => {
  const { kit, frame } = setup({}, true)
  await kit.open()
  expect(frame.mounted).toEqual([])
  await until(() => expect(frame.mounted).toHaveLength(1))
})

test('behavior: the account type switch updates the address and its type', async () => {
  const { kit } = setup()
  await kit.open()
  const auth = kit.auth as NonNullable<typeof kit.auth>
  auth.email.setDraft('alice@example.com')
  await auth.email.submit()
  auth.email.setCode('123456')
  await until(() => expect(kit.getState().status).toBe('connected'))
  await auth.switchAccountType('eoa')
  await until(() => expect(kit.getState().address).toBe(EOA))
  expect(kit.chain.accounts.value.eip155?.preferredAccountType).toBe('eoa')
  expect(auth.preferredAccountType()).toBe('eoa')
})

test('behavior: with email and socials off, no login and no frame', async () => {
  const { kit, frame } = setup({ email: false, socials: false })
  expect(kit.auth).toBeUndefined()
  await kit.open()
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(frame.mounted).toEqual([])
})
