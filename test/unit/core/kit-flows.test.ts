// @vitest-environment node
import { parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import type { Kit } from '../../../src/core/kit.js'
import type { NamesApi } from '../../../src/core/names/types.js'
import type { CheckoutWindow } from '../../../src/core/onramp/controller.js'
import type { OnRampApi } from '../../../src/core/onramp/types.js'
import type { BlockchainApi } from '../../../src/core/types/services.js'
import { parseProfile } from '../../../src/services/names.js'
import { type Chains, receiptOf, rpc, startChains, testAccount } from '../../stack/chain/index.js'
import { createNamesRegistry, type NamesRegistry } from '../../stack/names/index.js'
import { createTestWallet } from '../../stack/wallet/index.js'
import { createTestKit, until, walletConnector } from '../connectors/support/test-kit.js'

// The OnRamp and RegisterName flows as the kit wires them: the connected wallet signs, the
// registry checks on anvil, the name shows at once, and both flows end on Account.

let chains: Chains
let registry: NamesRegistry
beforeAll(async () => {
  chains = await startChains()
  registry = createNamesRegistry({
    rpc: Object.fromEntries(chains.chains.map((c) => [c.chainId, c.rpcUrl])),
  })
}, 30_000)
afterAll(() => chains?.stop())
const kits: Kit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  registry.reset()
})

/** The registry behind the NamesApi the kit uses (the HTTP hop is the services' own test). */
/** A record as the service would send it, read by the kit's own parser. */
const wire = (record: unknown) => {
  const profile = parseProfile(JSON.parse(JSON.stringify(record)))
  if (!profile) throw new Error('no profile')
  return profile
}
const names: NamesApi & Pick<BlockchainApi, 'lookupName'> = {
  lookupName: async (name) => {
    const record = registry.lookup(name)
    return record ? wire(record) : undefined
  },
  reverseNames: async (address) => registry.reverse(address).map(wire),
  nameSuggestions: async (label, zone) => registry.suggestions(label, zone),
  registerName: async (request) => {
    const outcome = await registry.register(request)
    if ('refusal' in outcome) throw new Error(outcome.refusal.message)
    return wire(outcome.record)
  },
}

const onrampApi: OnRampApi = {
  getOnRampOptions: async () => {
    throw new Error('down')
  },
  getOnRampQuote: async () => {
    throw new Error('down')
  },
  getOnRampUrl: async () => 'https://pay.coinbase.com/buy/select-asset?appId=1',
}

async function connected(
  options: Parameters<typeof createTestKit>[0]['options'] = {},
  window?: CheckoutWindow,
) {
  const wallet = createTestWallet({ chains: chains.chains, accountIndex: 1 })
  const connector = walletConnector(wallet)
  const t = createTestKit({
    chains: chains.chains,
    connectors: [connector],
    options,
    services: { names, onramp: onrampApi },
    env: { openWindow: () => window ?? null, timeZone: () => 'UTC' },
  })
  kits.push(t.kit)
  await t.kit.connection.connect(connector)
  await t.kit.open({ view: 'Account' })
  return { ...t, wallet }
}

test('default: a name registered through the kit is signed by the wallet, checked on anvil and shown at once', async () => {
  const { kit, account, wallet } = await connected()
  kit.router.push('RegisterName')
  const flow = kit.nameRegistration?.()
  flow?.setInput('bobkit')
  await until(() => expect(flow?.availability.value).toBe('available'))
  await flow?.register()
  expect(flow?.error.value).toBeUndefined()
  expect(wallet.calls.map((c) => c.method)).toContain('personal_sign')
  expect(registry.lookup('bobkit.reown.id')?.addresses[60]?.address).toBe(testAccount(1).address)
  expect(account()?.profileName).toBe('bobkit.reown.id')
  expect(kit.router.history.value).toEqual(['Account'])
})

test('behavior: the on-ramp flow returns to Account when the balance rises', async () => {
  const state = { closed: false, url: '' }
  const window: CheckoutWindow = {
    navigate: (url) => {
      state.url = url
    },
    close: () => {
      state.closed = true
    },
    get closed() {
      return state.closed
    },
  }
  const { kit } = await connected({}, window)
  kit.router.push('OnRamp')
  const onramp = kit.onramp?.()
  await onramp?.start()
  expect(onramp?.source.value).toBe('fallback')
  onramp?.setAmount('50')
  onramp?.buy()
  await until(() => expect(onramp?.step.value).toBe('waiting'))
  expect(state.url).toBe('https://pay.coinbase.com/buy/select-asset?appId=1')
  // The provider pays out on the chain.
  const chain = chains.chains[0]
  const hash = await rpc<string>(chain?.rpcUrl ?? '', 'eth_sendTransaction', [
    {
      from: testAccount(9).address,
      to: testAccount(1).address,
      value: `0x${parseEther('0.01').toString(16)}`,
    },
  ])
  await receiptOf(chain?.rpcUrl ?? '', hash)
  await vi.waitFor(() => expect(kit.router.view.value).toBe('Account'), {
    timeout: 8000,
    interval: 50,
  })
  expect(kit.router.history.value).toEqual(['Account'])
  expect(state.closed).toBe(true)
})

test('behavior: a failure a flow shows is reported as an error event', async () => {
  const { kit, named, wallet } = await connected()
  wallet.rejectNext('personal_sign')
  kit.nameRegistration?.().setInput('declined')
  await until(() => expect(kit.nameRegistration?.().availability.value).toBe('available'))
  await kit.nameRegistration?.().register()
  kit.onramp?.().setAmount('50')
  await kit.onramp?.().start()
  kit.onramp?.().buy()
  expect(named('error')).toEqual([
    ['error', { code: 'SignatureDeclinedError', message: 'Signature declined' }],
    [
      'error',
      {
        code: 'PopupBlockedError',
        message: 'The checkout window was blocked. Allow pop-ups for this site and try again.',
      },
    ],
  ])
})

test('behavior: without the on-ramp feature there is no OnRamp flow', async () => {
  const { kit } = await connected({ features: { onramp: false } })
  expect(kit.onramp).toBeUndefined()
  expect(kit.nameRegistration).toBeDefined()
})
