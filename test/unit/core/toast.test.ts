import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { TOAST_DISPLAY_MS, TOAST_REPLACE_DELAY_MS } from '../../../src/core/constants.js'
import { WalletKitError } from '../../../src/core/errors/base.js'
import { createToasts } from '../../../src/core/toast.js'
import type { TextKey } from '../../../src/core/types/texts.js'

/** A text by its key (these tests' keys stand for any). */
const text = (key: string) => ({ key: key as TextKey })
/** An error, as a toast reports it. */
const failure = (message: string) => new WalletKitError(message)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default', () => {
  const toasts = createToasts()
  expect(toasts.current.value).toBeUndefined()
  expect(Object.keys(toasts)).toMatchInlineSnapshot(`
    [
      "current",
      "loading",
      "success",
      "error",
      "hide",
      "destroy",
    ]
  `)
})

test('args: the delays are the spec numbers', () => {
  expect(TOAST_REPLACE_DELAY_MS).toBe(150)
  expect(TOAST_DISPLAY_MS).toBe(2500)
})

test('args: loading, success and error each show their variant and text', () => {
  const toasts = createToasts()
  const id = toasts.loading(text('Connecting'))
  expect(toasts.current.value).toEqual({ id, variant: 'loading', key: 'Connecting' })
  toasts.hide()
  const id2 = toasts.success(text('Connected'))
  expect(id2).toBeGreaterThan(id)
  expect(toasts.current.value).toEqual({ id: id2, variant: 'success', key: 'Connected' })
  toasts.hide()
  const id3 = toasts.error(failure('Signature declined'))
  expect(toasts.current.value).toEqual({
    id: id3,
    variant: 'error',
    error: 'WalletKitError',
    message: 'Signature declined',
  })
})

test('behavior: the first toast shows at once', () => {
  const toasts = createToasts()
  toasts.error(failure('Failed to fetch transactions'))
  expect(toasts.current.value?.message).toBe('Failed to fetch transactions')
})

test('behavior: a new toast replaces an open one only after 150 ms', () => {
  const toasts = createToasts()
  toasts.loading(text('Swapping'))
  toasts.success(text('Swapped'))
  expect(toasts.current.value).toBeUndefined()
  vi.advanceTimersByTime(149)
  expect(toasts.current.value).toBeUndefined()
  vi.advanceTimersByTime(1)
  expect(toasts.current.value).toMatchObject({ variant: 'success', key: 'Swapped' })
})

test('behavior: of two quick replacements only the last one shows', () => {
  const toasts = createToasts()
  toasts.loading(text('One'))
  toasts.error(failure('Two'))
  toasts.success(text('Three'))
  vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
  expect(toasts.current.value?.key).toBe('Three')
  vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
  expect(toasts.current.value?.key).toBe('Three')
})

test('behavior: success hides after its display time', () => {
  const toasts = createToasts()
  toasts.success(text('Copied'))
  vi.advanceTimersByTime(TOAST_DISPLAY_MS - 1)
  expect(toasts.current.value?.key).toBe('Copied')
  vi.advanceTimersByTime(1)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: error hides after its display time', () => {
  const toasts = createToasts()
  toasts.error(failure('Transaction error'))
  vi.advanceTimersByTime(TOAST_DISPLAY_MS - 1)
  expect(toasts.current.value?.message).toBe('Transaction error')
  vi.advanceTimersByTime(1)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: loading stays until replaced or hidden', () => {
  const toasts = createToasts()
  toasts.loading(text('Waiting for the wallet'))
  vi.advanceTimersByTime(60_000)
  expect(toasts.current.value?.variant).toBe('loading')
  toasts.hide()
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: a replaced toast’s hide timer never hides its successor', () => {
  const toasts = createToasts()
  toasts.success(text('First'))
  vi.advanceTimersByTime(TOAST_DISPLAY_MS - 200)
  toasts.error(failure('Second'))
  vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
  expect(toasts.current.value?.message).toBe('Second')
  // The first toast's display time ends here.
  vi.advanceTimersByTime(200)
  expect(toasts.current.value?.message).toBe('Second')
  vi.advanceTimersByTime(TOAST_DISPLAY_MS - 200 - 1)
  expect(toasts.current.value?.message).toBe('Second')
  vi.advanceTimersByTime(1)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: a success replacing a loading toast still hides on time', () => {
  const toasts = createToasts()
  toasts.loading(text('Approving'))
  toasts.success(text('Approved'))
  vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS + TOAST_DISPLAY_MS - 1)
  expect(toasts.current.value?.key).toBe('Approved')
  vi.advanceTimersByTime(1)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: hide cancels a pending replacement', () => {
  const toasts = createToasts()
  toasts.loading(text('One'))
  toasts.success(text('Two'))
  toasts.hide()
  vi.advanceTimersByTime(1000)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: destroy stops every timer', () => {
  const toasts = createToasts()
  toasts.success(text('One'))
  toasts.error(failure('Two'))
  toasts.destroy()
  expect(vi.getTimerCount()).toBe(0)
  vi.advanceTimersByTime(10_000)
  expect(toasts.current.value).toBeUndefined()
})

test('behavior: an error toast is reported with its code, other variants are not', () => {
  const onError = vi.fn()
  const toasts = createToasts({ onError })
  toasts.loading(text('Swapping'))
  toasts.success(text('Swapped'))
  expect(onError).not.toHaveBeenCalled()
  toasts.error(failure('Signature declined'))
  toasts.error(failure('Invalid App Configuration'), 'INVALID_APP_CONFIGURATION')
  expect(onError.mock.calls).toEqual([
    [{ code: 'ERROR', message: 'Signature declined' }],
    [{ code: 'INVALID_APP_CONFIGURATION', message: 'Invalid App Configuration' }],
  ])
})

test('behavior: a toast arriving while a replacement is pending also waits', () => {
  const toasts = createToasts()
  toasts.loading(text('One'))
  toasts.error(failure('Two'))
  vi.advanceTimersByTime(10)
  toasts.success(text('Three'))
  expect(toasts.current.value).toBeUndefined()
  vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS)
  expect(toasts.current.value?.key).toBe('Three')
})
