/**
 * Reads a QR code back as a phone's scanner would: format information (the nearest valid word),
 * unmasking, the zig-zag codeword order, de-interleaving, Reed–Solomon error correction (errors
 * at unknown places, e.g. modules hidden by a logo) and the byte-mode payload. Written apart from
 * the product's encoder; only the standard's block table is shared.
 */
import { QR_BLOCKS, type QrErrorCorrection } from '../../../../src/ui/components/qr-encode'

const LEVELS: Record<number, QrErrorCorrection> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' }

// ── GF(256) with log tables ─────────────────────────────────────────────────────────────────
const EXP = new Array<number>(512)
const LOG = new Array<number>(256).fill(0)
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x
  LOG[x] = i
  x <<= 1
  if (x & 0x100) x ^= 0x11d
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] as number
const mul = (a: number, b: number) =>
  a === 0 || b === 0 ? 0 : (EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] as number)
const div = (a: number, b: number) =>
  a === 0 ? 0 : (EXP[(LOG[a] ?? 0) + 255 - (LOG[b] ?? 0)] as number)
const pow2 = (e: number) => EXP[((e % 255) + 255) % 255] as number

/** Corrects a block (data then EC codewords, highest degree first); throws when it cannot. */
export function correctBlock(block: number[], ecLength: number): { data: number[]; fixed: number } {
  const n = block.length
  // Syndromes S_j = r(α^j), j = 0..ecLength-1.
  const syndromes = Array.from({ length: ecLength }, (_, j) =>
    block.reduce((acc, c) => mul(acc, pow2(j)) ^ c, 0),
  )
  if (syndromes.every((s) => s === 0)) return { data: block.slice(0, n - ecLength), fixed: 0 }
  // Berlekamp–Massey: the error locator Λ(x), lowest degree first.
  let lambda = [1]
  let previous = [1]
  let length = 0
  let shift = 1
  let lastDiscrepancy = 1
  for (let k = 0; k < ecLength; k++) {
    let d = syndromes[k] as number
    for (let i = 1; i <= length; i++) d ^= mul(lambda[i] ?? 0, syndromes[k - i] ?? 0)
    if (d === 0) {
      shift++
      continue
    }
    const scaled = [
      ...new Array<number>(shift).fill(0),
      ...previous.map((c) => mul(c, div(d, lastDiscrepancy))),
    ]
    const next = Array.from(
      { length: Math.max(lambda.length, scaled.length) },
      (_, i) => (lambda[i] ?? 0) ^ (scaled[i] ?? 0),
    )
    if (2 * length <= k) {
      previous = lambda
      length = k + 1 - length
      lastDiscrepancy = d
      shift = 1
    } else shift++
    lambda = next
  }
  // Chien search: position p (from the end) is in error when Λ(α^-p) = 0.
  const positions: number[] = []
  for (let p = 0; p < n; p++) {
    const x = pow2(-p)
    let value = 0
    for (let i = lambda.length - 1; i >= 0; i--) value = mul(value, x) ^ (lambda[i] ?? 0)
    if (value === 0) positions.push(p)
  }
  if (positions.length !== length || length * 2 > ecLength) throw new Error('too many errors')
  // Forney: Ω(x) = S(x)Λ(x) mod x^ecLength; e = Ω(X⁻¹) / Λ'(X⁻¹) (first consecutive root α^0).
  const omega = new Array<number>(ecLength).fill(0)
  for (let i = 0; i < ecLength; i++)
    for (let j = 0; j <= i && j < lambda.length; j++)
      omega[i] = (omega[i] as number) ^ mul(lambda[j] ?? 0, syndromes[i - j] ?? 0)
  const fixed = [...block]
  for (const p of positions) {
    const xInverse = pow2(-p)
    let numerator = 0
    for (let i = omega.length - 1; i >= 0; i--)
      numerator = mul(numerator, xInverse) ^ (omega[i] ?? 0)
    let denominator = 0
    for (let i = 1; i < lambda.length; i += 2)
      denominator ^= mul(lambda[i] ?? 0, pow2(-p * (i - 1)))
    const magnitude = mul(pow2(p), div(numerator, denominator))
    const index = n - 1 - p
    fixed[index] = (fixed[index] as number) ^ magnitude
  }
  return { data: fixed.slice(0, n - ecLength), fixed: positions.length }
}

// ── Matrix reading ──────────────────────────────────────────────────────────────────────────
function formatWord(levelBits: number, mask: number): number {
  const data = (levelBits << 3) | mask
  let r = data << 10
  for (let bit = 14; bit >= 10; bit--) if ((r >>> bit) & 1) r ^= 0x537 << (bit - 10)
  return ((data << 10) | r) ^ 0x5412
}

function alignmentCentres(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const last = version * 4 + 10
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2
  return [6, ...Array.from({ length: count - 1 }, (_, i) => last - (count - 2 - i) * step)]
}

function functionModules(size: number, version: number): boolean[][] {
  const f = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const mark = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) {
      const row = f[y]
      for (let x = x0; x < x0 + w; x++) if (row && x >= 0 && x < size) row[x] = true
    }
  }
  mark(0, 0, 9, 9)
  mark(size - 8, 0, 8, 9)
  mark(0, size - 8, 9, 8)
  mark(6, 0, 1, size)
  mark(0, 6, size, 1)
  const centres = alignmentCentres(version)
  for (const cy of centres)
    for (const cx of centres) {
      const nearFinder =
        (cx < 9 && cy < 9) || (cx > size - 9 && cy < 9) || (cx < 9 && cy > size - 9)
      if (!nearFinder) mark(cx - 2, cy - 2, 5, 5)
    }
  if (version >= 7) {
    mark(size - 11, 0, 3, 6)
    mark(0, size - 11, 6, 3)
  }
  return f
}

/** Decodes a module matrix (`true` = dark) to its byte-mode text. */
export function decodeQr(modules: boolean[][]): {
  text: string
  level: QrErrorCorrection
  fixed: number
} {
  const size = modules.length
  const version = (size - 17) / 4
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error(`bad size ${size}`)
  const at = (x: number, y: number) => (modules[y]?.[x] ? 1 : 0)
  let read = 0
  for (let i = 0; i <= 5; i++) read |= at(8, i) << i
  read |= at(8, 7) << 6
  read |= at(8, 8) << 7
  read |= at(7, 8) << 8
  for (let i = 9; i < 15; i++) read |= at(14 - i, 8) << i
  let best = { distance: 99, levelBits: 0, mask: 0 }
  for (let levelBits = 0; levelBits < 4; levelBits++)
    for (let mask = 0; mask < 8; mask++) {
      let x = formatWord(levelBits, mask) ^ read
      let distance = 0
      for (; x; x &= x - 1) distance++
      if (distance < best.distance) best = { distance, levelBits, mask }
    }
  if (best.distance > 3) throw new Error('unreadable format information')
  const level = LEVELS[best.levelBits] as QrErrorCorrection
  const masked = (x: number, y: number): boolean => {
    const products = [
      (x + y) % 2 === 0,
      y % 2 === 0,
      x % 3 === 0,
      (x + y) % 3 === 0,
      (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
      ((x * y) % 2) + ((x * y) % 3) === 0,
      (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ]
    return products[best.mask] as boolean
  }
  const fn = functionModules(size, version)
  const bits: number[] = []
  let upward = true
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col = 5
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step
      for (const x of [col, col - 1]) if (!fn[y]?.[x]) bits.push(at(x, y) ^ (masked(x, y) ? 1 : 0))
    }
    upward = !upward
  }
  const codewords: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))

  const blockCount = QR_BLOCKS.blocks[level][version] as number
  const ecLength = QR_BLOCKS.codewordsPerBlock[level][version] as number
  const total = codewords.length
  const longBlocks = total % blockCount
  const shortLength = Math.floor(total / blockCount)
  const lengths = Array.from(
    { length: blockCount },
    (_, i) => shortLength + (i >= blockCount - longBlocks ? 1 : 0),
  )
  const blocks: number[][] = lengths.map(() => [])
  let k = 0
  const dataMax = shortLength - ecLength + 1
  for (let i = 0; i < dataMax; i++)
    lengths.forEach((length, b) => {
      if (i < length - ecLength) blocks[b]?.push(codewords[k++] as number)
    })
  for (let i = 0; i < ecLength; i++)
    for (const block of blocks) block.push(codewords[k++] as number)
  let fixed = 0
  const data = blocks.flatMap((block) => {
    const result = correctBlock(block, ecLength)
    fixed += result.fixed
    return result.data
  })
  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1))
  let p = 0
  const take = (n: number) => {
    let v = 0
    for (let i = 0; i < n; i++) v = (v << 1) | (stream[p++] ?? 0)
    return v
  }
  if (take(4) !== 0b0100) throw new Error('not byte mode')
  const count = take(version < 10 ? 8 : 16)
  const bytes = Uint8Array.from({ length: count }, () => take(8))
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), level, fixed }
}

/** The module matrix of a QR SVG path made of `M{x} {y}h{n}v1h-{n}z` runs (quiet zone `offset`). */
export function matrixFromPath(d: string, size: number, offset = 4): boolean[][] {
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const row = modules[Number(y) - offset]
    if (!row) throw new Error(`row out of range: ${y}`)
    for (let i = 0; i < Number(n); i++) row[Number(x) - offset + i] = true
  }
  return modules
}
