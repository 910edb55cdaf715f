// @vitest-environment node
import { UniversalProvider } from '@walletconnect/universal-provider'
import { expect, test } from 'vitest'

test('default: the provider still has the private steps adoptSession() takes after an approval', () => {
  // provider.ts `adoptSession` calls them for a session approved while the page was unloaded; a
  // WalletConnect upgrade that renames them must fail here, not on a visitor's phone.
  const prototype = UniversalProvider.prototype as unknown as Record<string, unknown>
  expect(typeof prototype.persist).toBe('function')
  expect(typeof prototype.onConnect).toBe('function')
  expect(String(prototype.onConnect)).toContain('createProviders')
})
