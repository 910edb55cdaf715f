import { createSiweMessage } from 'viem/siwe'
import { afterEach, expect, test, vi } from 'vitest'
import {
  createSiwxData,
  formatSiwxMessage,
  hasMessageFormat,
} from '../../../../src/core/siwx/message.js'
import { createNonce, MIN_NONCE_LENGTH } from '../../../../src/core/siwx/nonce.js'
import type { SiwxMessageData } from '../../../../src/core/siwx/types.js'

const ADDRESS = '0x70997970c51812dc3a010C7d01b50E79D17dC79C'
const NOW = Date.UTC(2030, 0, 2, 3, 4, 5, 678)

const data = (patch: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
  domain: 'shop.example:8443',
  accountAddress: ADDRESS,
  chainId: 'eip155:31337',
  uri: 'https://shop.example:8443',
  version: '1',
  nonce: 'a1B2c3D4e5F6g7H8',
  statement: 'Sign in to Example Shop.',
  issuedAt: new Date(NOW).toISOString(),
  expirationTime: new Date(NOW + 86_400_000).toISOString(),
  ...patch,
})

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default', () => {
  expect(formatSiwxMessage(data())).toMatchInlineSnapshot(`
    "shop.example:8443 wants you to sign in with your Ethereum account:
    0x70997970c51812dc3a010C7d01b50E79D17dC79C

    Sign in to Example Shop.

    URI: https://shop.example:8443
    Version: 1
    Chain ID: 31337
    Nonce: a1B2c3D4e5F6g7H8
    Issued At: 2030-01-02T03:04:05.678Z
    Expiration Time: 2030-01-03T03:04:05.678Z"
  `)
})

test('args: eip155 text is byte for byte the EIP-4361 text (viem as the reference)', () => {
  const cases: Partial<SiwxMessageData>[] = [
    {},
    { statement: undefined },
    { expirationTime: undefined },
    { notBefore: new Date(NOW + 60_000).toISOString() },
    { chainId: 'eip155:1', domain: 'localhost:5173', uri: 'http://localhost:5173' },
  ]
  for (const patch of cases) {
    const d = data(patch)
    expect(formatSiwxMessage(d)).toBe(
      createSiweMessage({
        address: d.accountAddress as `0x${string}`,
        chainId: Number(d.chainId.split(':')[1]),
        domain: d.domain,
        uri: d.uri,
        version: '1',
        nonce: d.nonce,
        issuedAt: new Date(d.issuedAt),
        ...(d.statement && { statement: d.statement }),
        ...(d.expirationTime && { expirationTime: new Date(d.expirationTime) }),
        ...(d.notBefore && { notBefore: new Date(d.notBefore) }),
      }),
    )
  }
})

test('args: without a statement, EIP-4361 keeps its empty line', () => {
  expect(
    formatSiwxMessage(data({ statement: undefined, expirationTime: undefined })),
  ).toMatchInlineSnapshot(`
      "shop.example:8443 wants you to sign in with your Ethereum account:
      0x70997970c51812dc3a010C7d01b50E79D17dC79C


      URI: https://shop.example:8443
      Version: 1
      Chain ID: 31337
      Nonce: a1B2c3D4e5F6g7H8
      Issued At: 2030-01-02T03:04:05.678Z"
    `)
})

test('args: solana writes the Sign In With Solana text, clusters by name', () => {
  const solana = data({
    accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  })
  expect(formatSiwxMessage(solana)).toMatchInlineSnapshot(`
    "shop.example:8443 wants you to sign in with your Solana account:
    7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv

    Sign in to Example Shop.

    URI: https://shop.example:8443
    Version: 1
    Chain ID: devnet
    Nonce: a1B2c3D4e5F6g7H8
    Issued At: 2030-01-02T03:04:05.678Z
    Expiration Time: 2030-01-03T03:04:05.678Z"
  `)
  // Without a statement the address and the fields are one empty line apart.
  expect(
    formatSiwxMessage({
      ...solana,
      statement: undefined,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }),
  ).toContain('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv\n\nURI: ')
  expect(formatSiwxMessage({ ...solana, chainId: 'solana:localnetref' })).toContain(
    'Chain ID: localnetref',
  )
})

test('args: namespaces with a message format', () => {
  expect(['eip155', 'solana', 'bip122', 'polkadot', 'toString'].map(hasMessageFormat)).toEqual([
    true,
    true,
    false,
    false,
    false,
  ])
})

test('behavior: createSiwxData takes the domain and URI from the page', () => {
  const made = createSiwxData({
    target: {
      caipNetworkId: 'eip155:31337',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
    },
    page: new URL('https://shop.example:8443/checkout?token=secret#top'),
    nonce: 'a1B2c3D4e5F6g7H8',
    statement: 'Sign in to Example Shop.',
    now: NOW,
    expirationSeconds: 86_400,
  })
  expect(made).toEqual(data())
  // The path and query of the page never reach the message.
  expect(formatSiwxMessage(made)).not.toContain('secret')
})

test('behavior: createSiwxData leaves an empty statement out', () => {
  const made = createSiwxData({
    target: { caipNetworkId: 'eip155:1', address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}` },
    page: new URL('http://127.0.0.1:4000/'),
    nonce: 'abcdefgh',
    statement: '',
    now: NOW,
    expirationSeconds: 60,
  })
  expect(made).not.toHaveProperty('statement')
  expect(made.domain).toBe('127.0.0.1:4000')
  expect(made.uri).toBe('http://127.0.0.1:4000')
  expect(made.expirationTime).toBe('2030-01-02T03:05:05.678Z')
})

test('error: a namespace without a format', () => {
  expect(() =>
    formatSiwxMessage(data({ chainId: 'bip122:000000000019d6689c085ae165831e93' })),
  ).toThrowErrorMatchingInlineSnapshot(`[Error: No sign-in message format for "bip122".]`)
})

// ── Nonce ───────────────────────────────────────────────────────────────────

test('behavior: nonces are 16 alphanumeric characters, each one new', () => {
  const nonces = Array.from({ length: 200 }, () => createNonce())
  for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
  expect(new Set(nonces).size).toBe(nonces.length)
  expect(createNonce(MIN_NONCE_LENGTH)).toMatch(/^[A-Za-z0-9]{8}$/)
})

test('behavior: nonces come from crypto.getRandomValues, biased bytes drawn again', () => {
  const getRandomValues = vi.fn((array: Uint8Array) => {
    // 248–255 would favour the first characters: they must be skipped, not folded.
    array.fill(getRandomValues.mock.calls.length === 1 ? 250 : 1)
    return array
  })
  vi.stubGlobal('crypto', { getRandomValues })
  expect(createNonce(8)).toBe('BBBBBBBB')
  expect(getRandomValues).toHaveBeenCalledTimes(2)
})
