import { InvalidCaipError } from '../errors/caip.js'
import {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  NAMESPACES,
} from '../types/caip.js'

/** True when `value` is one of the known namespaces. */
export function isNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}

/**
 * Parses a CAIP-2 network id (SPEC §5: two parts, a known namespace).
 *
 * @throws InvalidCaipError ('Invalid CAIP Address') when the id breaks a rule.
 */
export function parseCaipNetworkId(value: unknown): {
  namespace: ChainNamespace
  reference: string
  caipNetworkId: CaipNetworkId
} {
  if (typeof value !== 'string') throw new InvalidCaipError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 2)
    throw new InvalidCaipError({ value, reason: 'a network id needs 2 parts' })
  const [namespace, reference] = parts as [string, string]
  if (!isNamespace(namespace))
    throw new InvalidCaipError({ value, reason: `unknown namespace "${namespace}"` })
  if (!/^[-_a-zA-Z0-9]{1,32}$/.test(reference))
    throw new InvalidCaipError({ value, reason: 'malformed chain reference' })
  if (namespace === 'eip155' && !/^[1-9][0-9]*$/.test(reference))
    throw new InvalidCaipError({ value, reason: 'an eip155 reference is a decimal chain id' })
  return { namespace, reference, caipNetworkId: value as CaipNetworkId }
}

/**
 * Parses a CAIP-10 account id (SPEC §5: three parts, a known namespace, a valid address).
 *
 * @throws InvalidCaipError ('Invalid CAIP Address') when the address breaks a rule.
 */
export function parseCaipAddress(value: unknown): {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
  caipAddress: CaipAddress
} {
  if (typeof value !== 'string') throw new InvalidCaipError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 3) throw new InvalidCaipError({ value, reason: 'an address needs 3 parts' })
  const [namespace, reference, address] = parts as [string, string, string]
  const network = parseCaipNetworkId(`${namespace}:${reference}`)
  if (!isValidAddress(network.namespace, address))
    throw new InvalidCaipError({ value, reason: `not a valid ${namespace} address` })
  return { ...network, address, caipAddress: value as CaipAddress }
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The address check of SPEC §5: eip155 takes an optional 0x plus 40 hex characters; solana takes
 * 32 to 44 base58 characters. Other namespaces take any non-empty token without separators.
 */
export function isValidAddress(namespace: ChainNamespace, address: string): boolean {
  switch (namespace) {
    case 'eip155':
      return /^(0x)?[0-9a-fA-F]{40}$/.test(address)
    case 'solana':
      return BASE58.test(address)
    default:
      return /^[-_.a-zA-Z0-9]{1,128}$/.test(address)
  }
}
