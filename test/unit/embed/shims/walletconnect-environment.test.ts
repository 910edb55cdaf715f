import { expect, test, vi } from 'vitest'
import * as environment from '../../../../src/embed/shims/walletconnect-environment.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<Record<string, () => boolean>>('@walletconnect/environment')

/** Every check of the shim, with the package's answer beside it. */
const answers = () =>
  Object.entries(environment).map(([name, check]) => [name, check(), real[name]?.()])

test('default: under the test runner, Node and not a browser', () => {
  expect([environment.isNode(), environment.isBrowser()]).toEqual([true, false])
})

test('behavior: each check answers as @walletconnect/environment does, in Node, a page and React Native', () => {
  for (const [, ours, theirs] of answers()) expect(ours).toBe(theirs)
  vi.stubGlobal('process', undefined)
  try {
    for (const [, ours, theirs] of answers()) expect(ours).toBe(theirs)
    expect(environment.isBrowser()).toBe(true)
    vi.stubGlobal('document', undefined)
    vi.stubGlobal('navigator', { product: 'ReactNative' })
    for (const [, ours, theirs] of answers()) expect(ours).toBe(theirs)
    expect(environment.isReactNative()).toBe(true)
  } finally {
    vi.unstubAllGlobals()
  }
})
