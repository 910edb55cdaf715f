/**
 * The `@scure/base` encodings WalletConnect's client and the kit's shims use: base58 (Bitcoin's
 * alphabet), base32 (RFC 4648, padded), base64url without padding, and the generic `radix` codec
 * behind base10. The package builds some twenty codecs when it loads, bech32 among them; the same
 * conversions, alphabets, padding rules and refusals are written here once
 * (test/unit/embed/shims/scure-base.test.ts compares them on random input).
 */

/** A text codec with the `@scure/base` shape. */
export interface BytesCoder {
  encode(bytes: Uint8Array): string
  decode(text: string): Uint8Array
}

function bytesIn(bytes: unknown): number[] {
  if (!(bytes instanceof Uint8Array)) throw new Error('encode input should be Uint8Array')
  return Array.from(bytes)
}

/** Base `from` digits to base `to` digits, with `@scure/base`'s rule for leading zeros. O(n²). */
function convertRadix(data: number[], from: number, to: number): number[] {
  if (!data.length) return []
  const digits = data.map((d) => {
    if (!Number.isSafeInteger(d) || d < 0 || d >= from) throw new Error(`invalid integer: ${d}`)
    return d
  })
  const out: number[] = []
  let pos = 0
  for (;;) {
    let carry = 0
    let done = true
    for (let i = pos; i < digits.length; i++) {
      const value = from * carry + (digits[i] as number)
      const digit = Math.floor(value / to)
      carry = value % to
      digits[i] = digit
      if (done) {
        if (digit) done = false
        else pos = i
      }
    }
    out.push(carry)
    if (done) break
  }
  for (let i = 0; i < data.length - 1 && data[i] === 0; i++) out.push(0)
  return out.reverse()
}

/** Between groups of `from` and `to` bits; `padding` keeps a last partial group, else refuses one. */
function convertRadix2(data: number[], from: number, to: number, padding: boolean): number[] {
  let carry = 0
  let pos = 0
  const mask = 2 ** to - 1
  const out: number[] = []
  for (const n of data) {
    if (!Number.isSafeInteger(n) || n < 0 || n >= 2 ** from)
      throw new Error(`convertRadix2: invalid data word=${n} from=${from}`)
    carry = (carry << from) | n
    pos += from
    for (; pos >= to; pos -= to) out.push(((carry >> (pos - to)) & mask) >>> 0)
    carry &= 2 ** pos - 1
  }
  carry = (carry << (to - pos)) & mask
  if (!padding && pos >= from) throw new Error('Excess padding')
  if (!padding && carry > 0) throw new Error(`Non-zero padding: ${carry}`)
  if (padding && pos > 0) out.push(carry >>> 0)
  return out
}

/** Digits ⇄ bytes: `bits` for a power-of-two base (linear), else `base` (any radix). */
interface Digits {
  encode(bytes: number[]): number[]
  decode(digits: number[]): number[]
}

const radixDigits = (base: number): Digits => ({
  encode: (bytes) => convertRadix(bytes, 256, base),
  decode: (digits) => convertRadix(digits, base, 256),
})

const bitDigits = (bits: number): Digits => ({
  encode: (bytes) => convertRadix2(bytes, 8, bits, true),
  decode: (digits) => convertRadix2(digits, bits, 8, false),
})

/** A codec over `digits` with `alphabet`, padded with '=' to whole bytes when `padBits` is given. */
function codec(digits: Digits, alphabet: string, padBits?: number): BytesCoder {
  const letters = alphabet.split('')
  const index = new Map(letters.map((letter, i) => [letter, i]))
  return {
    encode(bytes) {
      const out = digits.encode(bytesIn(bytes)).map((d) => letters[d] as string)
      if (padBits) while ((out.length * padBits) % 8) out.push('=')
      return out.join('')
    },
    decode(text) {
      if (typeof text !== 'string') throw new Error('join.decode: string expected')
      let chars = text.split('')
      if (padBits) {
        let end = chars.length
        if ((end * padBits) % 8)
          throw new Error('padding: invalid, string should have whole number of bytes')
        for (; end > 0 && chars[end - 1] === '='; end--)
          if (((end - 1) * padBits) % 8 === 0)
            throw new Error('padding: invalid, string has too much padding')
        chars = chars.slice(0, end)
      }
      const values = chars.map((c) => {
        const i = index.get(c)
        if (i === undefined) throw new Error(`Unknown letter: "${c}". Allowed: ${alphabet}`)
        return i
      })
      return Uint8Array.from(digits.decode(values))
    },
  }
}

/** Bitcoin's base58 alphabet. */
export const base58 = codec(
  radixDigits(58),
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
)
/** RFC 4648 base32, padded with '='. */
export const base32 = codec(bitDigits(5), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 5)
/** RFC 4648 base64url, no padding. */
export const base64urlnopad = codec(
  bitDigits(6),
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
)
/** Any radix with its own alphabet, as `utils.chain(utils.radix(n), utils.alphabet(a), utils.join(''))`. */
export const radixCodec = (base: number, alphabet: string): BytesCoder =>
  codec(radixDigits(base), alphabet)
