/**
 * The part of `@walletconnect/relay-auth` that WalletConnect's client uses: the Ed25519 key pair
 * and the EdDSA JWT it presents to the relay, with `did:key` issuers. The package ships its own
 * bundled copy of the curve; this one reuses the `@noble/curves` copy already in the file.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'
import { base58, base64urlnopad } from './scure-base.js'

/** An Ed25519 key pair: `secretKey` is the 32-byte seed followed by the 32-byte public key. */
export interface KeyPair {
  secretKey: Uint8Array
  publicKey: Uint8Array
}

/** A decoded JWT: its header, payload, signature and the signed bytes. */
export interface DecodedJwt {
  header: { alg: string; typ: string }
  payload: { iss: string; sub: string; aud: string; iat: number; exp: number; act?: string }
  signature: Uint8Array
  data: Uint8Array
}

const KEY_PAIR_SEED_LENGTH_BYTES = 32
/** Multicodec prefix of an Ed25519 public key (`0xed 0x01`). */
const ED25519_MULTICODEC = Uint8Array.of(0xed, 0x01)
const DID_KEY_PREFIX = 'did:key:z'
const utf8 = new TextEncoder()
const utf8Decoder = new TextDecoder()

/**
 * Window of the base-point table: 2 bits (254 points) instead of noble's 8 (4 096), built on the
 * first use. The client makes a handful of Ed25519 operations (the browser signs the JWTs, see
 * {@link sign}), so building a large table (about 90 ms the first time with 8 bits) would cost more
 * than it saves and be a long task.
 */
const BASE_WINDOW_BITS = 2
/** DER prefix of a PKCS #8 Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const PKCS8_ED25519 = Uint8Array.of(48, 46, 2, 1, 0, 48, 5, 6, 3, 43, 101, 112, 4, 34, 4, 32)
let windowSet = false
function curve() {
  prepareCurve()
  return ed25519
}

/**
 * Builds the base-point table now (once). Not part of the package: the kit calls it in a task of
 * its own once WalletConnect's packages are evaluated (`embed/walletconnect-load.ts`), so that the
 * relay key's first use (the client id, then the relay's JWT) does not add it to its task.
 */
export function prepareCurve(): void {
  if (windowSet) return
  ed25519.utils.precompute(BASE_WINDOW_BITS, ed25519.ExtendedPoint.BASE)
  windowSet = true
}

const encodePart = (value: unknown): string =>
  base64urlnopad.encode(utf8.encode(safeJsonStringify(value)))

const decodePart = <T>(part: string): T =>
  safeJsonParse(utf8Decoder.decode(base64urlnopad.decode(part))) as T

/**
 * The last seed's key pair, seed first: the client derives the relay key from the same seed for its
 * id and again for each JWT, and the public key costs a hash and a multiplication each time.
 */
let last: { seed: string; publicKey: Uint8Array } | undefined

/** Creates a key pair from a seed (random when absent). */
export function generateKeyPair(
  seed: Uint8Array = crypto.getRandomValues(new Uint8Array(KEY_PAIR_SEED_LENGTH_BYTES)),
): KeyPair {
  const key = String(seed)
  const publicKey = last?.seed === key ? last.publicKey : curve().getPublicKey(seed)
  last = { seed: key, publicKey: publicKey.slice() }
  const secretKey = new Uint8Array(seed.length + publicKey.length)
  secretKey.set(seed)
  secretKey.set(publicKey, seed.length)
  return { secretKey, publicKey }
}

/** The `did:key` issuer of an Ed25519 public key. */
export function encodeIss(publicKey: Uint8Array): string {
  const multicodec = new Uint8Array(ED25519_MULTICODEC.length + publicKey.length)
  multicodec.set(ED25519_MULTICODEC)
  multicodec.set(publicKey, ED25519_MULTICODEC.length)
  return DID_KEY_PREFIX + base58.encode(multicodec)
}

/**
 * Signs the relay's JWT: `iss` is the key's `did:key`, valid from `iat` (seconds) for `ttl` seconds.
 */
export async function signJWT(
  sub: string,
  aud: string,
  ttl: number,
  keyPair: KeyPair,
  iat: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  const header = { alg: 'EdDSA', typ: 'JWT' }
  const payload = { iss: encodeIss(keyPair.publicKey), sub, aud, iat, exp: iat + ttl }
  const signed = `${encodePart(header)}.${encodePart(payload)}`
  const signature = await sign(utf8.encode(signed), keyPair.secretKey.slice(0, 32))
  return `${signed}.${base64urlnopad.encode(signature)}`
}

/**
 * Signs with the browser's Ed25519 (WebCrypto: off the main thread, no SHA-512 in script), or with
 * the curve where the browser has none. Ed25519 signatures are deterministic: both give the same
 * bytes.
 */
async function sign(message: Uint8Array<ArrayBuffer>, seed: Uint8Array): Promise<Uint8Array> {
  try {
    const pkcs8 = Uint8Array.of(...PKCS8_ED25519, ...seed)
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, 'Ed25519', false, ['sign'])
    return new Uint8Array(await crypto.subtle.sign('Ed25519', key, message))
  } catch {
    return curve().sign(message, seed)
  }
}

/** Splits a JWT into its header, payload, signature and signed bytes (no verification). */
export function decodeJWT(jwt: string): DecodedJwt {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  return {
    header: decodePart(header),
    payload: decodePart(payload),
    signature: base64urlnopad.decode(signature),
    data: utf8.encode(`${header}.${payload}`),
  }
}
