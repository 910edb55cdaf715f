import type { Stack } from '../../stack/index'

/**
 * SECURITY.md row 4: the strict policy a careful site serves, with the stack's service origins
 * allowed to connect. No inline script or style, Trusted Types required and none allowed.
 */
export function strictPolicy(stack: Stack): string {
  const { api, analytics, blockchainApi, relay } = stack.urls
  const connect = [api, analytics, blockchainApi, relay]
    .filter(Boolean)
    .map((u) => new URL(u).origin)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(' ')}`,
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ')
}
