import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { HttpRequestError } from '../../../../src/core/errors/http.js'
import { createNameRegistration, type NameOwner } from '../../../../src/core/names/registration.js'
import type { NamesApi, RegisterNameRequest } from '../../../../src/core/names/types.js'
import { SignatureDeclinedError } from '../../../../src/core/siwx/errors.js'
import type { BlockchainApi, NameProfile } from '../../../../src/core/types/services.js'

const account = privateKeyToAccount(`0x${'22'.repeat(32)}`)
const CHAIN_ID = 31337

/** A names service in memory: `taken` names are registered; `refuse` makes register fail. */
function fakeApi(taken: string[] = []) {
  const registered = new Set(taken)
  const requests: RegisterNameRequest[] = []
  const state = {
    refuse: undefined as number | undefined,
    suggestionsFail: false,
    /** Replaces what the service answers a registration with. */
    answer: undefined as ((asked: NameProfile) => NameProfile) | undefined,
  }
  // As the service does: the address under the request's coin type, and under mainnet's.
  const record = (name: string, coinType = 60): NameProfile => ({
    name,
    addresses: [...new Set([coinType, 60])].map((c) => ({ coinType: c, address: account.address })),
  })
  const api: NamesApi & Pick<BlockchainApi, 'lookupName'> = {
    lookupName: vi.fn(async (name: string) => (registered.has(name) ? record(name) : undefined)),
    reverseNames: vi.fn(async () => []),
    nameSuggestions: vi.fn(async (label: string, zone: string) => {
      if (state.suggestionsFail) throw new Error('down')
      const names = [
        label,
        `${label}hq`,
        `${label}labs`,
        `${label}dao`,
        `${label}xyz`,
        `${label}wallet`,
      ]
      return names.map((n) => ({
        name: `${n}.${zone}`,
        registered: registered.has(`${n}.${zone}`),
      }))
    }),
    registerName: vi.fn(async (request: RegisterNameRequest) => {
      requests.push(request)
      const { name } = JSON.parse(request.message) as { name: string }
      if (state.refuse) throw new HttpRequestError({ status: state.refuse, url: 'x' })
      registered.add(name)
      const answer = record(name, request.coin_type)
      return state.answer ? state.answer(answer) : answer
    }),
  }
  return { api, requests, registered, state }
}

let clock = 1_717_000_000_000
beforeEach(() => {
  vi.useFakeTimers()
  clock = 1_717_000_000_000
})
afterEach(() => vi.useRealTimers())

function setup(
  options: {
    taken?: string[]
    owner?: Partial<NameOwner> | null
    sign?: (m: string) => Promise<string>
  } = {},
) {
  const fake = fakeApi(options.taken)
  const onRegistered = vi.fn()
  const owner: NameOwner | undefined =
    options.owner === null
      ? undefined
      : { address: account.address, chainId: CHAIN_ID, profileName: undefined, ...options.owner }
  const flow = createNameRegistration({
    api: fake.api,
    owner: () => owner,
    sign: options.sign ?? ((message) => account.signMessage({ message })),
    onRegistered,
    now: () => clock,
    debounceMs: 500,
  })
  return { ...fake, flow, onRegistered }
}

test('default: type, see it is free, register: the signed message binds name, address, chain and time', async () => {
  const { flow, requests, onRegistered } = setup()
  flow.setInput('Alice')
  expect(flow.label.value).toBe('alice')
  expect(flow.availability.value).toBe('checking')
  await vi.advanceTimersByTimeAsync(500)
  expect(flow.availability.value).toBe('available')
  expect(flow.canRegister.value).toBe(true)
  await flow.register()
  expect(flow.status.value).toBe('done')
  expect(flow.registered.value).toBe('alice.reown.id')
  expect(onRegistered).toHaveBeenCalledWith('alice.reown.id', account.address)
  const [request] = requests
  expect(request?.coin_type).toBe(2147514985)
  expect(request?.address).toBe(account.address)
  expect(JSON.parse(request?.message ?? '')).toEqual({
    name: 'alice.reown.id',
    attributes: {},
    timestamp: 1_717_000_000,
    address: account.address,
    coin_type: 2147514985,
    chain_id: CHAIN_ID,
  })
  expect(await account.signMessage({ message: request?.message ?? '' })).toBe(request?.signature)
})

describe('as you type', () => {
  test('behavior: rules are checked at once; suggestions wait for a pause and valid input', async () => {
    const { flow, api } = setup()
    flow.setInput('al')
    expect(flow.problem.value).toBe('too-short')
    flow.setInput('al-ice')
    expect(flow.problem.value).toBe('invalid-characters')
    expect(flow.availability.value).toBe('idle')
    flow.setInput('alic')
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(499)
    expect(api.nameSuggestions).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(api.nameSuggestions).toHaveBeenCalledTimes(1)
    expect(api.nameSuggestions).toHaveBeenCalledWith('alice', 'reown.id', expect.any(AbortSignal))
    expect(flow.problem.value).toBeUndefined()
    flow.setInput('')
    expect(flow.problem.value).toBeUndefined()
    expect(flow.canRegister.value).toBe(false)
  })

  test('behavior: a taken name says so, with up to 4 free suggestions; choosing one takes its label', async () => {
    const { flow } = setup({ taken: ['alice.reown.id', 'alicehq.reown.id'] })
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    expect(flow.availability.value).toBe('taken')
    expect(flow.canRegister.value).toBe(false)
    expect(flow.suggestions.value.map((s) => s.name)).toEqual([
      'alicelabs.reown.id',
      'alicedao.reown.id',
      'alicexyz.reown.id',
      'alicewallet.reown.id',
    ])
    flow.choose('alicedao.reown.id')
    expect(flow.input.value).toBe('alicedao')
  })

  test('behavior: an answer for text typed before is dropped', async () => {
    const { flow, api } = setup({ taken: ['first.reown.id'] })
    let release: () => void = () => undefined
    vi.mocked(api.nameSuggestions).mockImplementationOnce(
      (label, zone) =>
        new Promise((resolve) => {
          release = () => resolve([{ name: `${label}.${zone}`, registered: true }])
        }),
    )
    flow.setInput('first')
    await vi.advanceTimersByTimeAsync(500)
    flow.setInput('second')
    release()
    await vi.advanceTimersByTimeAsync(500)
    expect(flow.availability.value).toBe('available')
  })

  test('behavior: when suggestions fail, availability is unknown and the service decides', async () => {
    const { flow, state } = setup()
    state.suggestionsFail = true
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    expect(flow.availability.value).toBe('unknown')
    expect(flow.canRegister.value).toBe(true)
  })
})

describe('register errors: each its own error', () => {
  test('error: a declined signature is SignatureDeclinedError and nothing is posted', async () => {
    const { flow, requests } = setup({
      sign: async () => {
        throw new SignatureDeclinedError()
      },
    })
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    await flow.register()
    expect(flow.error.value?.shortMessage).toBe('Signature declined')
    expect(flow.status.value).toBe('idle')
    expect(requests).toEqual([])
  })

  test('error: taken (by the check) and taken meanwhile (the service refuses, the lookup finds it)', async () => {
    const first = setup({ taken: ['bobby.reown.id'] })
    first.flow.setInput('bobby')
    await vi.advanceTimersByTimeAsync(500)
    await first.flow.register()
    expect(first.flow.error.value?.name).toBe('NameTakenError')
    expect(first.requests).toEqual([])
    const second = setup()
    second.flow.setInput('carol')
    await vi.advanceTimersByTimeAsync(500)
    second.registered.add('carol.reown.id')
    second.state.refuse = 409
    await second.flow.register()
    expect(second.flow.error.value?.name).toBe('NameTakenError')
    expect(second.flow.error.value?.shortMessage).toBe('This name is already taken.')
    expect(second.flow.availability.value).toBe('taken')
  })

  test('error: a refusal for another reason is NameRegistrationError', async () => {
    const { flow, state } = setup()
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    state.refuse = 400
    await flow.register()
    expect(flow.error.value?.name).toBe('NameRegistrationError')
    expect(flow.error.value?.shortMessage).toBe('Error registering name alice.reown.id')
  })

  test('error: an answer for another name, or that does not resolve to the account, is not shown as registered', async () => {
    const stranger = privateKeyToAccount(`0x${'33'.repeat(32)}`).address
    const answers: ((asked: NameProfile) => NameProfile)[] = [
      (asked) => ({ ...asked, name: 'alice2.reown.id' }),
      (asked) => ({ ...asked, name: 'ALICE.reown.id' }),
      (asked) => ({
        ...asked,
        addresses: asked.addresses.map((a) => ({ ...a, address: stranger })),
      }),
      // Only mainnet's: not the chain the visitor registered on.
      (asked) => ({ ...asked, addresses: asked.addresses.filter((a) => a.coinType === 60) }),
    ]
    for (const answer of answers) {
      const { flow, state, onRegistered } = setup()
      state.answer = answer
      flow.setInput('alice')
      await vi.advanceTimersByTimeAsync(500)
      await flow.register()
      expect(flow.error.value?.name).toBe('NameMismatchError')
      expect(flow.error.value?.shortMessage).toBe(
        'The names service did not register the name you asked for.',
      )
      expect(flow.registered.value).toBeUndefined()
      expect(flow.status.value).toBe('idle')
      expect(onRegistered).not.toHaveBeenCalled()
    }
  })

  test('error: a signature later than the service window is not posted', async () => {
    const { flow, requests } = setup({
      sign: async (message) => {
        clock += 10_001
        return account.signMessage({ message })
      },
    })
    flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    await flow.register()
    expect(flow.error.value?.name).toBe('NameSignatureExpiredError')
    expect(requests).toEqual([])
  })

  test('error: an invalid label is InvalidNameError, before any signature', async () => {
    const sign = vi.fn(async () => '0x')
    const { flow } = setup({ sign })
    flow.setInput('bob')
    await flow.register()
    expect(flow.error.value?.name).toBe('InvalidNameError')
    expect(flow.error.value?.shortMessage).toBe('The value is not a valid username')
    expect(sign).not.toHaveBeenCalled()
  })

  test('error: an account that owns a name, or none connected, registers nothing', async () => {
    const owned = setup({ owner: { profileName: 'dave.wcn.id' } })
    owned.flow.setInput('alice')
    await owned.flow.register()
    expect(owned.flow.error.value?.shortMessage).toBe('You already own a name')
    const ens = setup({ owner: { profileName: 'alice.wk.eth' } })
    ens.flow.setInput('alice')
    await vi.advanceTimersByTimeAsync(500)
    await ens.flow.register()
    expect(ens.flow.status.value).toBe('done')
    const nobody = setup({ owner: null })
    nobody.flow.setInput('alice')
    await nobody.flow.register()
    expect(nobody.flow.error.value?.name).toBe('NameRegistrationError')
    expect(owned.requests).toEqual([])
    expect(nobody.requests).toEqual([])
  })
})
