import { expect, test } from 'vitest'
import {
  decodeJWT,
  encodeIss,
  generateKeyPair,
  signJWT,
} from '../../../../src/embed/shims/relay-auth.js'
import { randomBytes, seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('@walletconnect/relay-auth')>(
  '@walletconnect/relay-auth',
)

const next = seeded(1)
const seeds = Array.from({ length: 8 }, () => randomBytes(next, 32))

test('default: a random key pair signs a JWT the relay accepts', async () => {
  const keyPair = generateKeyPair()
  expect(keyPair.secretKey).toHaveLength(64)
  expect(keyPair.publicKey).toHaveLength(32)
  const jwt = await signJWT('session', 'wss://relay.example', 86_400, keyPair)
  expect(await real.verifyJWT(jwt)).toBe(true)
})

test('behavior: key pairs, issuers and tokens are byte for byte those of @walletconnect/relay-auth', async () => {
  for (const seed of seeds) {
    const ours = generateKeyPair(seed)
    const theirs = real.generateKeyPair(seed)
    expect(ours.secretKey).toEqual(new Uint8Array(theirs.secretKey))
    expect(ours.publicKey).toEqual(new Uint8Array(theirs.publicKey))
    expect(encodeIss(ours.publicKey)).toBe(real.encodeIss(theirs.publicKey))
    const jwt = await signJWT('a1b2', 'wss://relay.example', 3600, ours, 1_700_000_000)
    expect(jwt).toBe(await real.signJWT('a1b2', 'wss://relay.example', 3600, theirs, 1_700_000_000))
    expect(decodeJWT(jwt).payload).toEqual(real.decodeJWT(jwt).payload)
    expect(decodeJWT(jwt).header).toEqual(real.decodeJWT(jwt).header)
    expect(decodeJWT(jwt).signature).toEqual(new Uint8Array(real.decodeJWT(jwt).signature))
    expect(decodeJWT(jwt).data).toEqual(new Uint8Array(real.decodeJWT(jwt).data))
  }
})

test('behavior: the token carries iss, sub, aud, iat and exp = iat + ttl', async () => {
  const keyPair = generateKeyPair(seeds[0])
  const { header, payload } = decodeJWT(await signJWT('sub', 'aud', 60, keyPair, 1000))
  expect(header).toEqual({ alg: 'EdDSA', typ: 'JWT' })
  expect(payload).toEqual({
    iss: encodeIss(keyPair.publicKey),
    sub: 'sub',
    aud: 'aud',
    iat: 1000,
    exp: 1060,
  })
  expect(payload.iss).toMatch(/^did:key:z6Mk/)
})

test('error: a token signed by another key does not verify', async () => {
  const jwt = await signJWT('sub', 'aud', 60, generateKeyPair(seeds[0]), 1000)
  const [header, payload] = jwt.split('.')
  const other = (await signJWT('sub', 'aud', 60, generateKeyPair(seeds[1]), 1000)).split('.')[2]
  expect(await real.verifyJWT(`${header}.${payload}.${other}`)).toBe(false)
})
