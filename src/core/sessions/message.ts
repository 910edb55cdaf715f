import { getAddress } from 'viem'

/** What binds a revocation to its moment and its site, beside the session and the account. */
export type RevocationBinding = {
  /** The site's host (with its port, if any), e.g. `shop.example`. */
  domain: string
  /** When it was signed: ISO 8601, UTC. */
  issuedAt: string
  /** A one-time random value. */
  nonce: string
}

/**
 * The text the wallet signs (EIP-191 `personal_sign`) to revoke one smart session. It names the
 * session's pci and the CAIP-10 account (its chain included), so the signature revokes that session
 * of that account on that chain; and the site, the time and a nonce, so it is refused on another
 * site, later than the service's window, or a second time (docs/activity-and-sessions.md).
 *
 * @example
 * revocationMessage({ pci: '7f…', caipAddress: 'eip155:1:0xf39f…', domain: 'shop.example',
 *   issuedAt: '2026-05-01T12:00:00.000Z', nonce: 'q8Zr3kP0aLm2Xw9B' })
 * // 'Revoke smart session\nSession: 7f…\nAccount: eip155:1:0xf39F…\nSite: shop.example\n'
 * //   + 'Issued at: 2026-05-01T12:00:00.000Z\nNonce: q8Zr3kP0aLm2Xw9B'
 */
export function revocationMessage(
  input: { pci: string; caipAddress: string } & RevocationBinding,
): string {
  const [namespace, reference, address = ''] = input.caipAddress.split(':')
  return [
    'Revoke smart session',
    `Session: ${input.pci}`,
    `Account: ${namespace}:${reference}:${getAddress(address)}`,
    `Site: ${input.domain}`,
    `Issued at: ${input.issuedAt}`,
    `Nonce: ${input.nonce}`,
  ].join('\n')
}
