import type { Stack } from '../../stack/index'

/**
 * SECURITY.md row 4: the strict policy a careful site serves, with the stack's service origins
 * allowed to connect and the login frame's origin allowed as a frame (a site that offers email
 * login allows its `authUrl`). No inline script or style, Trusted Types required and none allowed.
 */
export function strictPolicy(stack: Stack): string {
  const { api, analytics, blockchainApi, relay, loginFrame, solanaRpc, rpc } = stack.urls
  // With the chains: each chain's RPC and the Solana RPC, which wallets and sends reach.
  const connect = [
    ...new Set(
      [api, analytics, blockchainApi, relay, solanaRpc, ...Object.values(rpc ?? {})]
        .filter(Boolean)
        .map((u) => new URL(u).origin),
    ),
  ]
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${new URL(loginFrame).origin}`,
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ')
}
