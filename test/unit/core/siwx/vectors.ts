import type { SiwxRejectReason } from '../../../../src/core/siwx/errors.js'
import { formatSiwxMessage } from '../../../../src/core/siwx/message.js'
import type { SiwxMessageData, SiwxSession, SiwxTarget } from '../../../../src/core/siwx/types.js'
import { testAccount } from '../../../stack/chain/accounts.js'

/** The page every vector is checked on. */
export const PAGE = new URL('https://shop.example:8443/account')
/** When the vectors are made; checks run a second later. */
export const NOW = Date.UTC(2030, 0, 2, 3, 4, 5, 678)
export const LATER = NOW + 1000

/** The signing account (anvil's account 1) and another one. */
export const ALICE = testAccount(1)
export const BOB = testAccount(2)

export const target = (address: string = ALICE.address, chain = 'eip155:31337'): SiwxTarget => ({
  caipNetworkId: chain as SiwxTarget['caipNetworkId'],
  address,
  caipAddress: `${chain}:${address}` as SiwxTarget['caipAddress'],
})

/** A valid message's fields for Alice on this page, with `patch` applied. */
export const fields = (patch: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
  domain: PAGE.host,
  accountAddress: ALICE.address,
  chainId: 'eip155:31337',
  uri: PAGE.origin,
  version: '1',
  nonce: 'n0nceN0nce123456',
  statement: 'Sign in to Example Shop.',
  issuedAt: new Date(NOW).toISOString(),
  expirationTime: new Date(NOW + 3_600_000).toISOString(),
  ...patch,
})

/** A session whose message is the text of its fields, signed by `signer` (Alice by default). */
export async function signed(
  patch: Partial<SiwxMessageData> = {},
  signer = ALICE,
): Promise<SiwxSession> {
  const data = fields(patch)
  const message = formatSiwxMessage(data)
  return { data, message, signature: await signer.signMessage({ message }) }
}

/**
 * SECURITY.md row 16: one bad field each, every message correctly written and signed, so that the
 * named check is the one that refuses it.
 */
export const NEGATIVE_VECTORS: {
  name: string
  reason: SiwxRejectReason
  make: () => Promise<SiwxSession>
}[] = [
  {
    name: 'another domain',
    reason: 'domain-mismatch',
    make: () => signed({ domain: 'shop.example.evil.test' }),
  },
  {
    name: 'the domain without its port',
    reason: 'domain-mismatch',
    make: () => signed({ domain: 'shop.example' }),
  },
  { name: 'another URI', reason: 'uri-mismatch', make: () => signed({ uri: 'https://evil.test' }) },
  {
    name: 'the URI over http',
    reason: 'uri-mismatch',
    make: () => signed({ uri: 'http://shop.example:8443' }),
  },
  {
    name: 'a line feed in the statement',
    reason: 'statement-line-feed',
    make: () => signed({ statement: 'Sign in.\nURI: https://evil.test' }),
  },
  {
    name: 'a 7-character nonce',
    reason: 'nonce-too-short',
    make: () => signed({ nonce: 'abc1234' }),
  },
  {
    name: 'a nonce with a dash',
    reason: 'nonce-invalid',
    make: () => signed({ nonce: 'abcd-efgh' }),
  },
  {
    name: 'expired',
    reason: 'expired',
    make: () => signed({ expirationTime: new Date(NOW).toISOString() }),
  },
  {
    name: 'not before a later time',
    reason: 'not-yet-valid',
    make: () => signed({ notBefore: new Date(NOW + 60_000).toISOString() }),
  },
  {
    name: 'issued in the future',
    reason: 'not-yet-valid',
    make: () => signed({ issuedAt: new Date(NOW + 60_000).toISOString() }),
  },
  {
    name: 'another chain',
    reason: 'chain-mismatch',
    make: () => signed({ chainId: 'eip155:31338' }),
  },
  {
    name: 'another account (its own valid signature)',
    reason: 'address-mismatch',
    make: () => signed({ accountAddress: BOB.address }, BOB),
  },
  {
    name: 'signed by another account',
    reason: 'signature-mismatch',
    make: () => signed({}, BOB),
  },
]
