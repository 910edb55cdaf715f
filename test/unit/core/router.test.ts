import { effect } from '@preact/signals-core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FARCASTER_RELOAD_DELAY_MS, MODAL_SHAKE_MS } from '../../../src/core/constants.js'
import { createRouter, type RouterParameters } from '../../../src/core/router.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A router whose environment the test can change between calls. */
function setup(overrides: Partial<RouterParameters> = {}) {
  const env = { connected: false, adapters: true, mobile: false, canClose: true }
  const clearUrl = vi.fn()
  const reloadAuth = vi.fn()
  const router = createRouter({
    isConnected: () => env.connected,
    hasAdapters: () => env.adapters,
    isMobile: () => env.mobile,
    canClose: () => env.canClose,
    onLeaveFarcaster: { clearUrl, reloadAuth },
    ...overrides,
  })
  return { router, env, clearUrl, reloadAuth }
}

test('default', () => {
  const { router } = setup()
  expect(router.isOpen.value).toBe(false)
  expect(router.view.value).toBe('Connect')
  expect(router.history.value).toEqual(['Connect'])
  expect(router.data.value).toBeUndefined()
  expect(router.isShaking.value).toBe(false)
  expect(Object.keys(router)).toMatchInlineSnapshot(`
    [
      "history",
      "view",
      "data",
      "dataOf",
      "isOpen",
      "embedded",
      "isShaking",
      "initialView",
      "open",
      "close",
      "reset",
      "push",
      "replace",
      "goBack",
      "returnTo",
      "shake",
      "setEmbedded",
      "leaveSignal",
      "destroy",
    ]
  `)
})

test('args: the timings are the spec numbers', () => {
  expect(FARCASTER_RELOAD_DELAY_MS).toBe(100)
  expect(MODAL_SHAKE_MS).toBe(500)
})

// ── Opening (SPEC §2) ───────────────────────────────────────────────────────

test('behavior: a requested view resets the history to that view', () => {
  const { router, env } = setup()
  env.connected = true
  router.open()
  router.push('Networks')
  router.push('Swap')
  router.open('Connect', { namespace: 'solana' })
  expect(router.history.value).toEqual(['Connect'])
  expect(router.data.value).toEqual({ namespace: 'solana' })
  expect(router.isOpen.value).toBe(true)
})

test('behavior: connected opens Account', () => {
  const { router, env } = setup()
  env.connected = true
  env.adapters = false // the connected rule comes before the adapter rule
  router.open()
  expect(router.history.value).toEqual(['Account'])
})

test('behavior: no adapters and not mobile opens ConnectingWalletConnectBasic', () => {
  const { router, env } = setup()
  env.adapters = false
  router.open()
  expect(router.history.value).toEqual(['ConnectingWalletConnectBasic'])
})

test('behavior: no adapters but mobile opens Connect', () => {
  const { router, env } = setup()
  env.adapters = false
  env.mobile = true
  router.open()
  expect(router.history.value).toEqual(['Connect'])
})

test('behavior: otherwise Connect opens', () => {
  const { router } = setup()
  router.push('AllWallets')
  router.open()
  expect(router.history.value).toEqual(['Connect'])
  expect(router.isOpen.value).toBe(true)
})

test('behavior: opening again while open resets the history', () => {
  const { router } = setup()
  router.open()
  router.push('AllWallets')
  router.open()
  expect(router.history.value).toEqual(['Connect'])
})

// ── Navigation ─────────────────────────────────────────────────────────────

test('behavior: push adds a view with its data', () => {
  const { router } = setup()
  router.open()
  router.push('ConnectingExternal', { connectorId: 'w1' })
  expect(router.history.value).toEqual(['Connect', 'ConnectingExternal'])
  expect(router.view.value).toBe('ConnectingExternal')
  expect(router.data.value).toEqual({ connectorId: 'w1' })
  expect(router.dataOf('ConnectingExternal')).toEqual({ connectorId: 'w1' })
  expect(router.dataOf('Send')).toBeUndefined()
})

test('behavior: a reader of dataOf is not run again when an open starts a new history on the same view with the same data', () => {
  const { router } = setup()
  let runs = 0
  const stop = effect(() => {
    runs++
    router.dataOf('Connect')
  })
  router.open()
  router.close()
  expect(runs).toBe(1)
  // A new history with another view, or the same view with new data, is seen.
  router.open('Connect', { namespace: 'solana' })
  expect(runs).toBe(2)
  expect(router.dataOf('Connect')).toEqual({ namespace: 'solana' })
  router.push('ConnectingExternal', { connectorId: 'w1' })
  expect(runs).toBe(3)
  expect(router.dataOf('Connect')).toBeUndefined()
  stop()
})

test('behavior: push ignores a view equal to the current one', () => {
  const { router } = setup()
  router.open()
  router.push('Send', { amount: '1' })
  router.push('Send', { amount: '2' })
  expect(router.history.value).toEqual(['Connect', 'Send'])
  expect(router.data.value).toEqual({ amount: '1' })
})

test('behavior: push accepts a view that is in the history but not current', () => {
  const { router } = setup()
  router.open()
  router.push('AllWallets')
  router.push('Connect')
  expect(router.history.value).toEqual(['Connect', 'AllWallets', 'Connect'])
})

test('behavior: replace changes the last history entry', () => {
  const { router } = setup()
  router.open()
  router.push('AllWallets')
  router.replace('Send', { to: 'bob.wk.eth' })
  expect(router.history.value).toEqual(['Connect', 'Send'])
  expect(router.data.value).toEqual({ to: 'bob.wk.eth' })
  router.replace('Account')
  router.replace('Account')
  expect(router.history.value).toEqual(['Connect', 'Account'])
})

test('behavior: returnTo goes back to the view below, or replaces the current one with it', () => {
  const { router } = setup()
  router.open('Account')
  router.push('OnRamp')
  router.returnTo('Account')
  expect(router.history.value).toEqual(['Account'])
  router.open('OnRamp')
  router.returnTo('Account')
  expect(router.history.value).toEqual(['Account'])
  expect(router.isOpen.value).toBe(true)
})

test('behavior: back pops the history and clears the data', () => {
  const { router } = setup()
  router.open()
  router.push('AllWallets')
  router.push('ConnectingExternal', { connectorId: 'w1' })
  router.goBack()
  expect(router.history.value).toEqual(['Connect', 'AllWallets'])
  expect(router.data.value).toBeUndefined()
  expect(router.isOpen.value).toBe(true)
})

test('behavior: back closes the modal when only one entry is left', () => {
  const { router } = setup()
  router.open()
  router.goBack()
  expect(router.isOpen.value).toBe(false)
  expect(router.history.value).toEqual(['Connect'])
})

test('behavior: back closes the modal when the history contains UnsupportedChain', () => {
  const { router } = setup()
  router.open('UnsupportedChain')
  router.push('Networks')
  router.goBack()
  expect(router.isOpen.value).toBe(false)
  expect(router.history.value).toEqual(['UnsupportedChain', 'Networks'])
})

test('behavior: back from ConnectingFarcaster while not connected clears the URL and reloads auth after 100 ms', () => {
  const { router, clearUrl, reloadAuth } = setup()
  router.open()
  router.push('ConnectingFarcaster')
  router.goBack()
  expect(router.history.value).toEqual(['Connect'])
  expect(clearUrl).toHaveBeenCalledTimes(1)
  expect(reloadAuth).not.toHaveBeenCalled()
  vi.advanceTimersByTime(99)
  expect(reloadAuth).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(reloadAuth).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(10_000)
  expect(reloadAuth).toHaveBeenCalledTimes(1)
})

test('behavior: back from ConnectingFarcaster while connected leaves the auth connector alone', () => {
  const { router, env, clearUrl, reloadAuth } = setup()
  router.open()
  router.push('ConnectingFarcaster')
  env.connected = true
  router.goBack()
  vi.advanceTimersByTime(1000)
  expect(clearUrl).not.toHaveBeenCalled()
  expect(reloadAuth).not.toHaveBeenCalled()
  expect(router.history.value).toEqual(['Connect'])
})

test('behavior: back from another view never touches the auth connector', () => {
  const { router, clearUrl, reloadAuth } = setup()
  router.open()
  router.push('ConnectingFarcaster')
  router.push('WhatIsAWallet')
  router.goBack()
  vi.advanceTimersByTime(1000)
  expect(clearUrl).not.toHaveBeenCalled()
  expect(reloadAuth).not.toHaveBeenCalled()
})

test('behavior: the Farcaster hooks are optional', () => {
  const router = createRouter({
    isConnected: () => false,
    hasAdapters: () => true,
    isMobile: () => false,
  })
  router.open('ConnectingFarcaster')
  expect(() => router.goBack()).not.toThrow()
  expect(router.isOpen.value).toBe(false)
})

test('behavior: a replaceable timer receives the 100 ms delay', () => {
  const setTimeout = vi.fn()
  const { router } = setup({ setTimeout })
  router.open()
  router.push('ConnectingFarcaster')
  router.goBack()
  expect(setTimeout).toHaveBeenCalledWith(expect.any(Function), 100)
})

// ── Closing ────────────────────────────────────────────────────────────────

test('behavior: close hides the modal and keeps the history', () => {
  const { router } = setup()
  router.open()
  router.push('AllWallets')
  expect(router.close()).toBe(true)
  expect(router.isOpen.value).toBe(false)
  expect(router.history.value).toEqual(['Connect', 'AllWallets'])
})

test('behavior: embedded mode starts open and close goes to Connect when not connected', () => {
  const { router } = setup({ embedded: true })
  expect(router.isOpen.value).toBe(true)
  router.push('AllWallets')
  router.push('WhatIsAWallet')
  expect(router.close()).toBe(true)
  expect(router.isOpen.value).toBe(true)
  expect(router.history.value).toEqual(['Connect'])
})

test('behavior: embedded close goes to Account when connected', () => {
  const { router, env } = setup({ embedded: true })
  router.push('Networks')
  env.connected = true
  router.close()
  expect(router.isOpen.value).toBe(true)
  expect(router.history.value).toEqual(['Account'])
})

test('behavior: embedded back from the last entry stays open', () => {
  const { router, env } = setup({ embedded: true })
  env.connected = true
  router.goBack()
  expect(router.isOpen.value).toBe(true)
  expect(router.history.value).toEqual(['Account'])
})

test('behavior: setEmbedded(true) opens and closing then follows the embedded rule', () => {
  const { router, env } = setup()
  expect(router.embedded.value).toBe(false)
  router.setEmbedded(true)
  expect(router.embedded.value).toBe(true)
  expect(router.isOpen.value).toBe(true)
  router.push('AllWallets')
  expect(router.close()).toBe(true)
  expect(router.isOpen.value).toBe(true)
  expect(router.history.value).toEqual(['Connect'])
  env.connected = true
  router.push('Networks')
  router.goBack()
  router.goBack()
  expect(router.isOpen.value).toBe(true)
  expect(router.history.value).toEqual(['Account'])
})

test('behavior: setEmbedded(false) goes back to the dialog, closed, where close hides again', () => {
  const { router } = setup({ embedded: true })
  router.push('AllWallets')
  router.setEmbedded(false)
  expect(router.embedded.value).toBe(false)
  expect(router.isOpen.value).toBe(false)
  router.open()
  expect(router.close()).toBe(true)
  expect(router.isOpen.value).toBe(false)
})

test('behavior: the shake lasts exactly 500 ms', () => {
  const { router } = setup()
  router.shake()
  expect(router.isShaking.value).toBe(true)
  vi.advanceTimersByTime(499)
  expect(router.isShaking.value).toBe(true)
  vi.advanceTimersByTime(1)
  expect(router.isShaking.value).toBe(false)
})

test('behavior: a second shake restarts the 500 ms', () => {
  const { router } = setup()
  router.shake()
  vi.advanceTimersByTime(300)
  router.shake()
  vi.advanceTimersByTime(499)
  expect(router.isShaking.value).toBe(true)
  vi.advanceTimersByTime(1)
  expect(router.isShaking.value).toBe(false)
})

test('behavior: canClose false refuses close and shakes', () => {
  const { router, env } = setup()
  router.open('Account')
  router.push('Networks')
  env.canClose = false
  expect(router.close()).toBe(false)
  expect(router.isOpen.value).toBe(true)
  expect(router.isShaking.value).toBe(true)
  vi.advanceTimersByTime(MODAL_SHAKE_MS)
  expect(router.isShaking.value).toBe(false)
  env.canClose = true
  expect(router.close()).toBe(true)
  expect(router.isOpen.value).toBe(false)
})

test('behavior: canClose false also holds back from the last entry', () => {
  const { router, env } = setup()
  router.open('Account')
  env.canClose = false
  router.goBack()
  expect(router.isOpen.value).toBe(true)
  expect(router.isShaking.value).toBe(true)
})

test('behavior: canClose false holds in embedded mode too', () => {
  const { router, env } = setup({ embedded: true })
  router.push('Networks')
  env.canClose = false
  expect(router.close()).toBe(false)
  expect(router.history.value).toEqual(['Connect', 'Networks'])
})

test('behavior: destroy stops the shake timer', () => {
  const { router } = setup()
  router.shake()
  expect(vi.getTimerCount()).toBe(1)
  router.destroy()
  expect(vi.getTimerCount()).toBe(0)
})

test('behavior: initialView applies the opening rules without opening', () => {
  const { router, env } = setup()
  expect(router.initialView()).toBe('Connect')
  expect(router.initialView('Swap')).toBe('Swap')
  env.adapters = false
  expect(router.initialView()).toBe('ConnectingWalletConnectBasic')
  env.connected = true
  expect(router.initialView()).toBe('Account')
  expect(router.isOpen.value).toBe(false)
})

test('behavior: a forced close (destroy) closes even when canClose says no, and in embedded mode', () => {
  const { router, env } = setup()
  router.open('Account')
  env.canClose = false
  expect(router.close({ force: true })).toBe(true)
  expect(router.isOpen.value).toBe(false)
  expect(router.isShaking.value).toBe(false)
  const embedded = setup({ embedded: true }).router
  expect(embedded.close({ force: true })).toBe(true)
  expect(embedded.isOpen.value).toBe(false)
})

// ── Leaving a view ─────────────────────────────────────────────────────────

test('behavior: leaveSignal aborts when another view is pushed, and only then', () => {
  const { router } = setup()
  router.open()
  router.push('ConnectingWalletConnect')
  const signal = router.leaveSignal()
  router.open('ConnectingWalletConnect')
  expect(signal.aborted, 'the same view shown again is not left').toBe(false)
  router.push('AllWallets')
  expect(signal.aborted).toBe(true)
})

test('behavior: leaveSignal aborts on back, close, and an embedded close', () => {
  const { router } = setup()
  router.open()
  router.push('ConnectingExternal')
  const back = router.leaveSignal()
  router.goBack()
  expect(back.aborted).toBe(true)

  router.push('ConnectingExternal')
  const closed = router.leaveSignal()
  router.close()
  expect(closed.aborted).toBe(true)

  const embedded = setup({ embedded: true }).router
  embedded.push('ConnectingWalletConnectBasic')
  const signal = embedded.leaveSignal()
  embedded.close()
  expect(embedded.view.value).toBe('Connect')
  expect(signal.aborted).toBe(true)
})

test('behavior: a refused close leaves the view shown', () => {
  const { router, env } = setup()
  router.open('ConnectingWalletConnectBasic')
  const signal = router.leaveSignal()
  env.canClose = false
  router.close()
  expect(signal.aborted).toBe(false)
})

test('behavior: leaveSignal is already aborted while the modal is closed', () => {
  const { router } = setup()
  expect(router.leaveSignal().aborted).toBe(true)
})

test('behavior: destroy stops watching without aborting', () => {
  const { router } = setup()
  router.open()
  const signal = router.leaveSignal()
  router.destroy()
  router.push('AllWallets')
  expect(signal.aborted).toBe(false)
})

test('args: route data is typed per view', () => {
  const { router } = setup()
  router.push('Send', { token: 'native', to: '0xabc' })
  // @ts-expect-error: Send takes no `tokn`
  router.push('Send', { tokn: 'native' })
  // @ts-expect-error: WhatIsAWallet takes no data
  router.push('WhatIsAWallet', {})
  // @ts-expect-error: the token is a string
  router.replace('Send', { token: 1 })
  // The type errors are the test (typecheck); at run time the data is kept as given.
  expect(router.history.value).toEqual(['Connect', 'Send', 'Send'])
})
