/**
 * The part of `uint8arrays` that WalletConnect's client uses (`fromString`, `toString`, `concat`),
 * for the five encodings it names. The package itself carries every multibase codec.
 */
import { base58, radixCodec } from './scure-base.js'

/** The encodings WalletConnect's client uses. */
export type SupportedEncoding =
  | 'utf8'
  | 'utf-8'
  | 'base10'
  | 'base16'
  | 'base58btc'
  | 'base64pad'
  | 'base64url'

interface Codec {
  encode(bytes: Uint8Array): string
  decode(text: string): Uint8Array
}

const BASE64_CHUNK_BYTES = 0x8000

function binaryString(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += BASE64_CHUNK_BYTES)
    out += String.fromCharCode(...bytes.subarray(i, i + BASE64_CHUNK_BYTES))
  return out
}

function fromBinaryString(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

const base64pad: Codec = {
  encode: (bytes) => btoa(binaryString(bytes)),
  decode: (text) => fromBinaryString(atob(text)),
}

const base64url: Codec = {
  encode: (bytes) =>
    base64pad.encode(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  decode: (text) => {
    if (/[+/]/.test(text)) throw new SyntaxError('Non-base64url character')
    return base64pad.decode(text.replace(/-/g, '+').replace(/_/g, '/'))
  },
}

const base16: Codec = {
  encode: (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
  decode: (text) => {
    if (text.length % 2 !== 0 || /[^0-9a-f]/.test(text))
      throw new SyntaxError('Non-base16 character')
    const bytes = new Uint8Array(text.length / 2)
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16)
    return bytes
  },
}

const utf8: Codec = {
  encode: (bytes) => new TextDecoder().decode(bytes),
  decode: (text) => new TextEncoder().encode(text),
}

/** Decimal digits with base-x's leading-zero rule: each leading zero byte is one leading `0`. */
const base10: Codec = radixCodec(10, '0123456789')

const codecs: Record<SupportedEncoding, Codec> = {
  utf8,
  'utf-8': utf8,
  base10,
  base16,
  base58btc: base58,
  base64pad,
  base64url,
}

function codec(encoding: string): Codec {
  const found = Object.hasOwn(codecs, encoding) ? codecs[encoding as SupportedEncoding] : undefined
  if (!found) throw new Error(`Unsupported encoding "${encoding}"`)
  return found
}

/** Decodes `text` in `encoding` (UTF-8 when absent) to bytes. */
export function fromString(text: string, encoding: SupportedEncoding = 'utf8'): Uint8Array {
  return codec(encoding).decode(text)
}

/** Encodes `bytes` as text in `encoding` (UTF-8 when absent); exported as `toString`. */
function toText(bytes: Uint8Array, encoding: SupportedEncoding = 'utf8'): string {
  return codec(encoding).encode(bytes)
}

/** Joins byte arrays into one of `length` bytes (their total when absent). */
export function concat(arrays: ArrayLike<number>[], length?: number): Uint8Array {
  const total = length ?? arrays.reduce((sum, a) => sum + a.length, 0)
  const out = new Uint8Array(total)
  let offset = 0
  for (const a of arrays) {
    out.set(a, offset)
    offset += a.length
  }
  return out
}

export { toText as toString }
