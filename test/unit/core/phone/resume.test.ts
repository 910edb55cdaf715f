import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PAIRING_LIFETIME_MS } from '../../../../src/core/constants.js'
import { PENDING_PAIRING_KEY } from '../../../../src/core/phone/controller.js'
import type { PairingPreparer } from '../../../../src/core/phone/ports.js'
import { resumePairing } from '../../../../src/core/phone/resume.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'

const NOW = 1_800_000_000_000

function setup(stored: unknown, live = true) {
  const storage = createSafeStorage(() => localStorage)
  if (stored !== undefined) storage.set(PENDING_PAIRING_KEY, stored)
  const preparer: PairingPreparer = {
    propose: vi.fn(),
    adopt: vi.fn(),
    awaitSession: vi.fn(async () => live),
  }
  const onSession = vi.fn()
  resumePairing({ storage, preparer, onSession, now: () => NOW })
  const left = () => storage.get(PENDING_PAIRING_KEY, (_: unknown): _ is unknown => true)
  return { preparer, onSession, left }
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

test('default', async () => {
  const { preparer, onSession, left } = setup({ at: NOW - 60_000, walletId: 'w1' })
  // Waits for what is left of the pairing's life, then reconnects; the record is read once.
  expect(preparer.awaitSession).toHaveBeenCalledWith(PAIRING_LIFETIME_MS - 60_000)
  expect(left()).toBeUndefined()
  await vi.waitFor(() => expect(onSession).toHaveBeenCalledWith('w1'))
})

test('behavior: no session in time: no reconnect', async () => {
  const { preparer, onSession } = setup({ at: NOW - 1000 }, false)
  await vi.waitFor(() => expect(preparer.awaitSession).toHaveBeenCalled())
  await Promise.resolve()
  expect(onSession).not.toHaveBeenCalled()
})

test('behavior: nothing to wait for without a record, or with one past its pairing’s life', () => {
  for (const stored of [undefined, { at: NOW - PAIRING_LIFETIME_MS }, { at: NOW + 60_000 }]) {
    const { preparer, left } = setup(stored)
    expect(preparer.awaitSession, JSON.stringify(stored)).not.toHaveBeenCalled()
    expect(left()).toBeUndefined()
  }
})

test('error: a record of the wrong shape is ignored', () => {
  for (const stored of [{ at: 'soon' }, { at: NOW, walletId: 7 }, [NOW], 'x', null]) {
    const { preparer } = setup(stored)
    expect(preparer.awaitSession, JSON.stringify(stored)).not.toHaveBeenCalled()
  }
})
