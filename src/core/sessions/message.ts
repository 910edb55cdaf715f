import { getAddress } from 'viem'

/**
 * The text the wallet signs (EIP-191 `personal_sign`) to revoke one smart session: it names the
 * session's pci and the CAIP-10 account (its chain included), so the signature revokes that session
 * of that account on that chain and cannot be replayed for another (docs/smart-sessions.md).
 *
 * @example
 * revocationMessage({ pci: '7f…', caipAddress: 'eip155:1:0xf39f…' })
 * // 'Revoke smart session\nSession: 7f…\nAccount: eip155:1:0xf39F…'
 */
export function revocationMessage(input: { pci: string; caipAddress: string }): string {
  const [namespace, reference, address = ''] = input.caipAddress.split(':')
  return [
    'Revoke smart session',
    `Session: ${input.pci}`,
    `Account: ${namespace}:${reference}:${getAddress(address)}`,
  ].join('\n')
}
