import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { KitDestroyedError } from '../../../src/core/errors/options.js'
import { deferInstance } from '../../../src/embed/deferred.js'
import type { WalletKitInstance } from '../../../src/embed/kit.js'

const state = { open: false } as unknown as ReturnType<WalletKitInstance['getState']>
const unmount = () => {}

/** A live instance whose every method records its call. */
function fakeInstance() {
  const calls: [string, unknown[]][] = []
  const record =
    <R>(name: string, result: R) =>
    (...args: unknown[]) => {
      calls.push([name, args])
      return result
    }
  const instance: WalletKitInstance = {
    open: record('open', Promise.resolve()),
    close: record('close', undefined),
    disconnect: record('disconnect', Promise.resolve()),
    switchNetwork: record('switchNetwork', Promise.resolve()),
    setLocale: record('setLocale', Promise.resolve()),
    getState: record('getState', state),
    subscribe: record('subscribe', () => {}),
    getProvider: record('getProvider', 'provider'),
    signIn: record('signIn', Promise.resolve({ caipAddress: 'x' } as never)),
    signOut: record('signOut', Promise.resolve()),
    setTheme: record('setTheme', undefined),
    mount: record('mount', unmount),
    destroy: record('destroy', undefined),
  }
  return { instance, calls }
}

function setup(create?: () => WalletKitInstance) {
  const live = fakeInstance()
  const built: string[] = []
  const parameters = {
    create: vi.fn(function* () {
      built.push('modules')
      yield
      built.push('kit')
      return create ? create() : live.instance
    }),
    onLive: vi.fn(),
    onDestroyedEarly: vi.fn(),
  }
  return { live, built, parameters, instance: deferInstance(parameters) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default', () => {
  const { parameters, instance } = setup()
  expect(parameters.create).not.toHaveBeenCalled()
  expect(Object.isFrozen(instance)).toBe(true)
  vi.runAllTimers()
  expect(parameters.create).toHaveBeenCalledTimes(1)
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
})

test('behavior: the build runs one step per task', () => {
  const { built, parameters } = setup()
  vi.advanceTimersToNextTimer()
  expect(built).toEqual(['modules'])
  expect(parameters.onLive).not.toHaveBeenCalled()
  vi.advanceTimersToNextTimer()
  expect(built).toEqual(['modules', 'kit'])
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
})

test('behavior: a method called between two steps finishes the build at once', () => {
  const { built, parameters, instance } = setup()
  vi.advanceTimersToNextTimer()
  expect(instance.getState()).toBe(state)
  expect(built).toEqual(['modules', 'kit'])
  vi.runAllTimers()
  expect(parameters.create).toHaveBeenCalledTimes(1)
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
})

test('behavior: a method called before the next task builds the kit at once, and only once', () => {
  const { parameters, instance } = setup()
  expect(instance.getState()).toBe(state)
  expect(parameters.create).toHaveBeenCalledTimes(1)
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
  vi.runAllTimers()
  instance.close()
  expect(parameters.create).toHaveBeenCalledTimes(1)
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
})

test('args: every method reaches the live instance with its arguments and result', async () => {
  const { live, instance } = setup()
  const listener = () => {}
  await instance.open({ view: 'Account' })
  instance.close()
  await instance.disconnect('eip155')
  await instance.switchNetwork('eip155:1')
  expect(instance.getState()).toBe(state)
  expect(typeof instance.subscribe(listener)).toBe('function')
  expect(instance.getProvider('eip155')).toBe('provider')
  await expect(instance.signIn()).resolves.toEqual({ caipAddress: 'x' })
  await instance.signOut()
  instance.setTheme({ mode: 'dark' })
  const element = document.createElement('div')
  expect(instance.mount(element, { view: 'Connect' })).toBe(unmount)
  expect(live.calls).toEqual([
    ['open', [{ view: 'Account' }]],
    ['close', []],
    ['disconnect', ['eip155']],
    ['switchNetwork', ['eip155:1']],
    ['getState', []],
    ['subscribe', [listener]],
    ['getProvider', ['eip155']],
    ['signIn', []],
    ['signOut', []],
    ['setTheme', [{ mode: 'dark' }]],
    ['mount', [element, { view: 'Connect' }]],
  ])
})

test('behavior: destroy() before the kit is built never builds it', async () => {
  const { parameters, instance } = setup()
  instance.destroy()
  instance.destroy()
  vi.runAllTimers()
  expect(parameters.create).not.toHaveBeenCalled()
  expect(parameters.onDestroyedEarly).toHaveBeenCalledTimes(1)
  expect(() => instance.getState()).toThrow(KitDestroyedError)
  expect(() => instance.close()).toThrow(KitDestroyedError)
  expect(() => instance.subscribe(() => {})).toThrow(KitDestroyedError)
  expect(() => instance.getProvider('eip155')).toThrow(KitDestroyedError)
  expect(() => instance.setTheme({ mode: 'dark' })).toThrow(KitDestroyedError)
  expect(() => instance.mount(document.createElement('div'))).toThrow(KitDestroyedError)
  await expect(instance.open()).rejects.toThrow(KitDestroyedError)
  await expect(instance.disconnect()).rejects.toThrow(KitDestroyedError)
  await expect(instance.switchNetwork('eip155:1')).rejects.toThrow(KitDestroyedError)
  await expect(instance.signIn()).rejects.toThrow(KitDestroyedError)
  await expect(instance.signOut()).rejects.toThrow(KitDestroyedError)
  expect(parameters.create).not.toHaveBeenCalled()
})

test('behavior: destroy() between two steps of the build never finishes it', () => {
  const { built, parameters, instance } = setup()
  vi.advanceTimersToNextTimer()
  instance.destroy()
  vi.runAllTimers()
  expect(built).toEqual(['modules'])
  expect(parameters.onLive).not.toHaveBeenCalled()
  expect(parameters.onDestroyedEarly).toHaveBeenCalledTimes(1)
})

test('behavior: destroy() after the kit is built destroys it once', () => {
  const { live, parameters, instance } = setup()
  vi.runAllTimers()
  instance.destroy()
  instance.destroy()
  expect(live.calls).toEqual([['destroy', []]])
  expect(parameters.onDestroyedEarly).not.toHaveBeenCalled()
})

test('error: a failed build is reported by the next call, which tries again', async () => {
  let attempts = 0
  const { live, parameters, instance } = setup(() => {
    attempts += 1
    if (attempts === 1) throw new Error('no storage')
    return live.instance
  })
  await expect(instance.open()).rejects.toThrow('no storage')
  expect(parameters.onLive).not.toHaveBeenCalled()
  expect(instance.getState()).toBe(state)
  expect(parameters.create).toHaveBeenCalledTimes(2)
  expect(parameters.onLive).toHaveBeenCalledTimes(1)
})
