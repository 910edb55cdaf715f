import { getAddress } from 'viem'

/**
 * The text a wallet signs (EIP-191 `personal_sign`) to revoke one smart session. It binds the
 * session's permission context id (pci) and the CAIP-10 account, whose chain id is part of it, so a
 * signature revokes that one session of that one account on that one chain and nothing else; and
 * the site (`domain`, the host of the page that asks), the time it was made and a one-time nonce,
 * so the service refuses it from another site, after its window, or a second time. The address is
 * written checksummed whatever case the request used. See docs/activity-and-sessions.md.
 *
 * @example
 * revocationMessage({ pci: '7f…', caipAddress: 'eip155:31337:0xf39f…', domain: '127.0.0.1:5173',
 *   issuedAt: '2026-05-01T12:00:00.000Z', nonce: 'q8Zr3kP0aLm2Xw9B' })
 * // 'Revoke smart session\nSession: 7f…\nAccount: eip155:31337:0xf39F…\nSite: 127.0.0.1:5173\n…'
 */
export function revocationMessage(input: {
  pci: string
  caipAddress: string
  domain: string
  issuedAt: string
  nonce: string
}): string {
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
