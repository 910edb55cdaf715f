import type { ChainNamespace } from '../types/caip.js'
import type { SiwxMessageData, SiwxTarget } from './types.js'

/** How a namespace writes the CAIP-122 message: the account's name and its `Chain ID` line. */
type Profile = {
  /** "… sign in with your {name} account:" */
  name: string
  /** The `Chain ID` value for a CAIP-2 reference. */
  chainId: (reference: string) => string
  /**
   * What stands between the address and the fields when there is no statement. EIP-4361 keeps the
   * statement's empty line (three line feeds in all); Sign In With Solana drops it (two).
   */
  noStatement: string
}

/** Solana clusters by their CAIP-2 reference (genesis hash prefix), as SIWS names them. */
const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}

const PROFILES: Partial<Record<ChainNamespace, Profile>> = {
  eip155: { name: 'Ethereum', chainId: (reference) => reference, noStatement: '\n' },
  solana: {
    name: 'Solana',
    chainId: (reference) => SOLANA_CLUSTERS[reference] ?? reference,
    noStatement: '',
  },
}

/** Namespaces whose sign-in message WalletKit can write. */
export function hasMessageFormat(namespace: string): boolean {
  return Object.hasOwn(PROFILES, namespace)
}

/**
 * Writes the sign-in message for `data` (CAIP-122): the exact EIP-4361 text for eip155, the Sign In
 * With Solana text for solana. The text depends on `data` alone, so a stored session's message can
 * be checked by writing it again.
 *
 * @param data - The message's fields.
 * @returns The text the wallet signs.
 * @throws Error when the namespace has no message format.
 * @example
 * formatSiwxMessage({ domain: 'shop.example', accountAddress: '0xAb…', chainId: 'eip155:1', … })
 * // 'shop.example wants you to sign in with your Ethereum account:\n0xAb…\n\n\nURI: …'
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const separator = data.chainId.indexOf(':')
  const namespace = data.chainId.slice(0, separator)
  const profile = Object.hasOwn(PROFILES, namespace)
    ? PROFILES[namespace as ChainNamespace]
    : undefined
  if (!profile) throw new Error(`No sign-in message format for "${namespace}".`)
  const fields = [
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${profile.chainId(data.chainId.slice(separator + 1))}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  ]
  if (data.expirationTime) fields.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) fields.push(`Not Before: ${data.notBefore}`)
  return (
    `${data.domain} wants you to sign in with your ${profile.name} account:\n` +
    `${data.accountAddress}\n\n` +
    (data.statement ? `${data.statement}\n\n` : profile.noStatement) +
    fields.join('\n')
  )
}

/** What {@link createSiwxData} builds a message from. */
export type CreateSiwxDataParameters = {
  target: SiwxTarget
  /** The page the visitor signs in on: its host is the domain, its origin the URI. */
  page: URL
  nonce: string
  statement?: string | undefined
  /** Milliseconds since the epoch. */
  now: number
  /** Session lifetime in seconds. */
  expirationSeconds: number
}

/**
 * The fields of a new sign-in message for the visitor's account on this page.
 *
 * @returns The data; {@link formatSiwxMessage} writes its text.
 */
export function createSiwxData(p: CreateSiwxDataParameters): SiwxMessageData {
  return {
    domain: p.page.host,
    accountAddress: p.target.address,
    chainId: p.target.caipNetworkId,
    uri: p.page.origin,
    version: '1',
    nonce: p.nonce,
    ...(p.statement ? { statement: p.statement } : {}),
    issuedAt: new Date(p.now).toISOString(),
    expirationTime: new Date(p.now + p.expirationSeconds * 1000).toISOString(),
  }
}
