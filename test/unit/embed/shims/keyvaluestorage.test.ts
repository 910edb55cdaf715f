import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { KeyValueStorage } from '../../../../src/embed/shims/keyvaluestorage.js'

// happy-dom has no IndexedDB, so these run on the fallbacks; the browser tests run the IndexedDB
// store (test/e2e/walletconnect/connect.test.ts: the database exists, a reload restores the session).
beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

test('default: values round-trip as JSON, and missing keys are undefined', async () => {
  const storage = new KeyValueStorage()
  await storage.setItem('wc@2:core:0.3//keychain', { a: [1, 'b', { c: null }] })
  await storage.setItem('wc@2:client:0.3//session', [])
  expect(await storage.getItem('wc@2:core:0.3//keychain')).toEqual({ a: [1, 'b', { c: null }] })
  expect(await storage.getItem('wc@2:client:0.3//session')).toEqual([])
  expect(await storage.getItem('absent')).toBeUndefined()
})

test('behavior: keys, entries and removal; big integers survive as WalletConnect writes them', async () => {
  const storage = new KeyValueStorage()
  await storage.setItem('one', { id: 1_700_000_000_000_123n })
  await storage.setItem('two', 'text')
  expect((await storage.getKeys()).sort()).toEqual(['one', 'two'])
  expect(Object.fromEntries(await storage.getEntries())).toEqual({
    one: { id: 1_700_000_000_000_123n },
    two: 'text',
  })
  await storage.removeItem('one')
  expect(await storage.getKeys()).toEqual(['two'])
})

test('behavior: without IndexedDB the values live in localStorage, so a new page finds them', async () => {
  await new KeyValueStorage().setItem('kept', { v: 1 })
  expect(localStorage.getItem('kept')).toBe('{"v":1}')
  expect(await new KeyValueStorage().getItem('kept')).toEqual({ v: 1 })
})

test('error: where IndexedDB and localStorage both throw, memory keeps the values for the page', async () => {
  vi.stubGlobal('indexedDB', {
    open() {
      throw new DOMException('denied', 'SecurityError')
    },
  })
  vi.stubGlobal('localStorage', {
    setItem() {
      throw new DOMException('denied', 'SecurityError')
    },
  })
  const storage = new KeyValueStorage()
  await storage.setItem('k', { v: 2 })
  expect(await storage.getItem('k')).toEqual({ v: 2 })
  expect(await storage.getKeys()).toEqual(['k'])
})

test('behavior: settled() resolves once every write started before it has finished, kept or failed', async () => {
  const storage = new KeyValueStorage()
  // Started before the store is even chosen: settled() still waits for it.
  void storage.setItem('kept', { a: 1 })
  void storage.removeItem('absent')
  await storage.settled()
  expect(localStorage.getItem('kept')).toBe('{"a":1}')
  const setItem = vi.spyOn(localStorage, 'setItem').mockImplementationOnce(() => {
    throw new Error('quota')
  })
  const failed = storage.setItem('lost', 1)
  await expect(storage.settled()).resolves.toBeUndefined()
  await expect(failed).rejects.toThrow('quota')
  setItem.mockRestore()
  await expect(storage.settled()).resolves.toBeUndefined()
})
