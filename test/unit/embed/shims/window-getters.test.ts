import { expect, test } from 'vitest'
import * as getters from '../../../../src/embed/shims/window-getters.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<Record<string, () => unknown>>('@walletconnect/window-getters')

/** A getter's value, or the text it threw. */
function outcome(get: () => unknown): unknown {
  try {
    return get()
  } catch (error) {
    return `threw ${(error as Error).message}`
  }
}

test('default: the page document, location and navigator', () => {
  expect(getters.getDocument()).toBe(document)
  expect(getters.getLocationOrThrow()).toBe(window.location)
})

test('behavior: each getter gives what @walletconnect/window-getters gives', () => {
  for (const [name, get] of Object.entries(getters))
    expect(outcome(get), name).toBe(outcome(real[name] as () => unknown))
})

test('error: without a document, the OrThrow form throws the package text', () => {
  const saved = Object.getOwnPropertyDescriptor(window, 'document')
  Object.defineProperty(window, 'document', { value: undefined, configurable: true })
  try {
    expect(outcome(getters.getDocumentOrThrow)).toBe(
      outcome(real.getDocumentOrThrow as () => unknown),
    )
    expect(outcome(getters.getDocumentOrThrow)).toBe('threw document is not defined in Window')
    expect(getters.getDocument()).toBe(real.getDocument?.())
  } finally {
    if (saved) Object.defineProperty(window, 'document', saved)
  }
})
