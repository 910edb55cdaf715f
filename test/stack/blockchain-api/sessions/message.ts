import { getAddress } from 'viem'

/**
 * The text a wallet signs (EIP-191 `personal_sign`) to revoke one smart session. It binds the
 * session's permission context id (pci) and the CAIP-10 account, whose chain id is part of it, so a
 * signature revokes that one session of that one account on that one chain and nothing else. The
 * address is written checksummed whatever case the request used. See docs/smart-sessions.md.
 *
 * @example
 * revocationMessage({ pci: '7f…', caipAddress: 'eip155:31337:0xf39f…' })
 * // 'Revoke smart session\nSession: 7f…\nAccount: eip155:31337:0xf39F…'
 */
export function revocationMessage(input: { pci: string; caipAddress: string }): string {
  const [namespace, reference, address = ''] = input.caipAddress.split(':')
  return [
    'Revoke smart session',
    `Session: ${input.pci}`,
    `Account: ${namespace}:${reference}:${getAddress(address)}`,
  ].join('\n')
}
