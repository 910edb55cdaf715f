import { expect, test, vi } from 'vitest'
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

test('behavior: without the browser’s Ed25519, the curve signs the same tokens', async () => {
  const importKey = vi
    .spyOn(crypto.subtle, 'importKey')
    .mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'))
  try {
    for (const seed of seeds) {
      const jwt = await signJWT('a1b2', 'wss://relay.example', 3600, generateKeyPair(seed), 1)
      const theirs = real.generateKeyPair(seed)
      expect(jwt).toBe(await real.signJWT('a1b2', 'wss://relay.example', 3600, theirs, 1))
    }
    expect(importKey).toHaveBeenCalledTimes(seeds.length)
  } finally {
    importKey.mockRestore()
  }
})

test('behavior: the browser’s Ed25519 signs when it has one', async () => {
  const sign = vi.spyOn(crypto.subtle, 'sign')
  try {
    const jwt = await signJWT('sub', 'aud', 60, generateKeyPair(seeds[0]), 1000)
    expect(sign).toHaveBeenCalledTimes(1)
    expect(await real.verifyJWT(jwt)).toBe(true)
  } finally {
    sign.mockRestore()
  }
})

test('behavior: prepareCurve builds the base-point table once, and the first key does not again', async () => {
  // Fresh copies of the shim and of the curve it uses: the copies above built their table already.
  vi.resetModules()
  const { ed25519 } = await import('@noble/curves/ed25519')
  const shim = await import('../../../../src/embed/shims/relay-auth.js')
  const precompute = vi.spyOn(ed25519.utils, 'precompute')
  shim.prepareCurve()
  shim.prepareCurve()
  expect(precompute).toHaveBeenCalledTimes(1)
  expect(precompute).toHaveBeenCalledWith(2, ed25519.ExtendedPoint.BASE)
  const seed = seeds[0] as Uint8Array
  expect(shim.generateKeyPair(seed).publicKey).toEqual(
    new Uint8Array(real.generateKeyPair(seed).publicKey),
  )
  expect(precompute).toHaveBeenCalledTimes(1)
})

test('behavior: without prepareCurve, the first key builds the table', async () => {
  vi.resetModules()
  const { ed25519 } = await import('@noble/curves/ed25519')
  const shim = await import('../../../../src/embed/shims/relay-auth.js')
  const precompute = vi.spyOn(ed25519.utils, 'precompute')
  shim.generateKeyPair(seeds[1])
  shim.generateKeyPair(seeds[2])
  expect(precompute).toHaveBeenCalledTimes(1)
})

test('behavior: the same seed again reuses its public key, byte for byte as the package', async () => {
  // The client derives the relay key from one seed for its id and again for each JWT.
  vi.resetModules()
  const { ed25519 } = await import('@noble/curves/ed25519')
  const shim = await import('../../../../src/embed/shims/relay-auth.js')
  const derive = vi.spyOn(ed25519, 'getPublicKey')
  const [a, b] = seeds as [Uint8Array, Uint8Array]
  for (const seed of [a, Uint8Array.from(a), a, b, a]) {
    const theirs = real.generateKeyPair(seed)
    const ours = shim.generateKeyPair(seed)
    expect(ours.publicKey).toEqual(new Uint8Array(theirs.publicKey))
    expect(ours.secretKey).toEqual(new Uint8Array(theirs.secretKey))
    // What the caller does with its copy does not reach the next call's.
    ours.publicKey.fill(0)
    ours.secretKey.fill(0)
  }
  // a (three times), then b, then a again: three derivations for five calls.
  expect(derive).toHaveBeenCalledTimes(3)
})
