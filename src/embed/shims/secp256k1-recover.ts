/**
 * secp256k1 signer recovery alone, for viem's `recoverPublicKey` (behind `recoverMessageAddress`,
 * which SIWX uses to check an account's signature), the only module of the file that loads
 * `@noble/curves/secp256k1`: the build fails if another one does (vite.config.ts). viem calls
 * `new Signature(r, s)` or `Signature.fromCompact(hex)`, then `addRecoveryBit(bit)`,
 * `recoverPublicKey(hashHex)` and `toHex(false)`; this module answers those calls as noble does,
 * the same key or a throw for the same inputs (test/unit/embed/shims/secp256k1-recover.test.ts),
 * without noble's generic short Weierstrass curves, ECDSA signing and DER. Only public data goes
 * through it, so the arithmetic need not be constant-time.
 */
const P = BigInt('0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f')
const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141')
const G: Point = [
  BigInt('0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  BigInt('0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8'),
  BigInt(1),
]
const _0 = BigInt(0)
const _1 = BigInt(1)
const _2 = BigInt(2)
const _3 = BigInt(3)
const _8 = BigInt(8)

/** Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
type Point = [bigint, bigint, bigint]

const mod = (a: bigint, m = P) => ((a % m) + m) % m

function pow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = _1
  let b = mod(base, m)
  for (let e = exponent; e > _0; e >>= _1) {
    if (e & _1) result = (result * b) % m
    b = (b * b) % m
  }
  return result
}

/** The inverse modulo a prime (Fermat); never called with 0. */
const invert = (a: bigint, m: bigint) => pow(a, m - _2, m)

function double([x, y, z]: Point): Point {
  if (z === _0 || y === _0) return [_0, _1, _0]
  const a = mod(x * x)
  const b = mod(y * y)
  const c = mod(b * b)
  const d = mod(_2 * ((x + b) ** _2 - a - c))
  const e = _3 * a
  const x3 = mod(e * e - _2 * d)
  return [x3, mod(e * (d - x3) - _8 * c), mod(_2 * y * z)]
}

function add(p: Point, q: Point): Point {
  const [x1, y1, z1] = p
  const [x2, y2, z2] = q
  if (z1 === _0) return q
  if (z2 === _0) return p
  const z1z1 = mod(z1 * z1)
  const z2z2 = mod(z2 * z2)
  const u1 = mod(x1 * z2z2)
  const u2 = mod(x2 * z1z1)
  const s1 = mod(y1 * z2 * z2z2)
  const s2 = mod(y2 * z1 * z1z1)
  if (u1 === u2) return s1 === s2 ? double(p) : [_0, _1, _0]
  const h = mod(u2 - u1)
  const r = mod(s2 - s1)
  const h2 = mod(h * h)
  const h3 = mod(h * h2)
  const u1h2 = mod(u1 * h2)
  const x3 = mod(r * r - h3 - _2 * u1h2)
  return [x3, mod(r * (u1h2 - x3) - s1 * h3), mod(h * z1 * z2)]
}

function multiply(p: Point, k: bigint): Point {
  let result: Point = [_0, _1, _0]
  for (let bit = BigInt(k.toString(2).length - 1); bit >= _0; bit--) {
    result = double(result)
    if ((k >> bit) & _1) result = add(result, p)
  }
  return result
}

/** Bytes of a hex string as a number, with noble's checks (even length, hex digits only). */
function hexToNumber(title: string, hex: unknown, bytes?: number): bigint {
  if (typeof hex !== 'string' || !/^(?:[0-9a-fA-F]{2})*$/.test(hex))
    throw new Error(`${title} must be hex string or Uint8Array`)
  if (bytes !== undefined && hex.length !== bytes * 2)
    throw new Error(`${title} of length ${bytes} expected, got ${hex.length / 2}`)
  if (hex.length > 16384) throw new Error('input is too large')
  return hex === '' ? _0 : BigInt(`0x${hex}`)
}

function inRange(title: string, n: bigint, max: bigint) {
  if (typeof n !== 'bigint' || n < _1 || n >= max) throw new Error(`expected valid ${title}`)
}

const toHex = (n: bigint) => n.toString(16).padStart(64, '0')

/** The recovered key, as noble's point answers `toHex`. */
class PublicKey {
  constructor(
    readonly x: bigint,
    readonly y: bigint,
  ) {}
  toHex(isCompressed = true): string {
    return isCompressed
      ? (this.y & _1 ? '03' : '02') + toHex(this.x)
      : `04${toHex(this.x)}${toHex(this.y)}`
  }
}

/** An ECDSA signature (r, s) and, once added, its recovery id. */
class Signature {
  declare readonly recovery?: number
  constructor(
    readonly r: bigint,
    readonly s: bigint,
    recovery?: number,
  ) {
    inRange('r', r, N)
    inRange('s', s, N)
    if (recovery != null) this.recovery = recovery
    Object.freeze(this)
  }

  /** 64 bytes as hex: r, then s. */
  static fromCompact(hex: string): Signature {
    const value = hexToNumber('compactSignature', hex, 64)
    return new Signature(value >> BigInt(256), value & ((_1 << BigInt(256)) - _1))
  }

  addRecoveryBit(recovery: number): Signature {
    return new Signature(this.r, this.s, recovery)
  }

  /** Q = r⁻¹(sR − hG), R the point whose x is r (+ n for ids 2 and 3) and whose y has the id's parity. */
  recoverPublicKey(hashHex: string): PublicKey {
    const { r, s, recovery } = this
    // A hash longer than 256 bits counts by its leftmost 256 (ECDSA's bits2int).
    const long = Math.max(0, hashHex.length - 64) * 4
    const h = mod(hexToNumber('msgHash', hashHex) >> BigInt(long), N)
    if (recovery == null || ![0, 1, 2, 3].includes(recovery)) throw new Error('recovery id invalid')
    const x = recovery >= 2 ? r + N : r
    if (x >= P) throw new Error('recovery id 2 or 3 invalid')
    const y2 = mod(x * x * x + BigInt(7))
    let y = pow(y2, (P + _1) / BigInt(4), P)
    if (mod(y * y) !== y2) throw new Error('Cannot find square root')
    if ((y & _1) !== BigInt(recovery & 1)) y = P - y
    const ir = invert(r, N)
    const q = add(multiply(G, mod(-h * ir, N)), multiply([x, y, _1], mod(s * ir, N)))
    if (q[2] === _0) throw new Error('point at infinity')
    const iz = invert(q[2], P)
    const iz2 = mod(iz * iz)
    return new PublicKey(mod(q[0] * iz2), mod(q[1] * iz2 * iz))
  }
}

/** The part of noble's `secp256k1` that viem's `recoverPublicKey` calls. */
export const secp256k1 = { Signature }
