/**
 * A QR code encoder (ISO/IEC 18004, model 2, byte mode, versions 1–40): enough to draw a pairing
 * URI. Pure functions, no DOM.
 */

/** Error-correction level: the share of codewords that can be restored (about 7, 15, 25, 30 %). */
export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H'

/** A QR code: `size` × `size` modules, `true` for dark, row by row. */
export type QrMatrix = { size: number; version: number; modules: boolean[][] }

// ── Tables (index: version; entry 0 unused) ───────────────────────────────────────────────
// biome-ignore format: tables read better aligned
const EC_CODEWORDS_PER_BLOCK: Record<QrErrorCorrection, readonly number[]> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
}
// biome-ignore format: tables read better aligned
const EC_BLOCKS: Record<QrErrorCorrection, readonly number[]> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
}
/** Error-correction codewords per block and number of blocks, by level and version. */
export const QR_BLOCKS = { codewordsPerBlock: EC_CODEWORDS_PER_BLOCK, blocks: EC_BLOCKS } as const
const FORMAT_LEVEL_BITS: Record<QrErrorCorrection, number> = { L: 1, M: 0, Q: 3, H: 2 }

// ── Sizes ─────────────────────────────────────────────────────────────────────────────────
/** Bits available for data and error correction in a version (all modules less function patterns). */
export function rawDataModules(version: number): number {
  let bits = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    bits -= (25 * align - 10) * align - 55
    if (version >= 7) bits -= 36
  }
  return bits
}

/** Data codewords of a version at a level. */
export function dataCodewords(version: number, level: QrErrorCorrection): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    (EC_CODEWORDS_PER_BLOCK[level][version] ?? 0) * (EC_BLOCKS[level][version] ?? 0)
  )
}

/** Centres of the alignment patterns on each axis. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const size = version * 4 + 17
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2
  const result = [6]
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
  return result
}

// ── Reed–Solomon over GF(2^8), polynomial 0x11d ─────────────────────────────────────────────
/** Product of two field elements. */
export function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] ?? 0, root)
      if (j + 1 < result.length) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0)
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0)
    result.push(0)
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] ?? 0) ^ gfMultiply(coefficient, factor)
    })
  }
  return result
}

// ── Codewords ─────────────────────────────────────────────────────────────────────────────
function dataBits(bytes: Uint8Array, version: number, capacityBytes: number): number[] {
  const bits: number[] = []
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  put(0b0100, 4)
  put(bytes.length, version < 10 ? 8 : 16)
  for (const byte of bytes) put(byte, 8)
  const capacity = capacityBytes * 8
  put(0, Math.min(4, capacity - bits.length))
  put(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0))
  return codewords
}

function interleave(data: number[], version: number, level: QrErrorCorrection): number[] {
  const blocks = EC_BLOCKS[level][version] ?? 1
  const ecLength = EC_CODEWORDS_PER_BLOCK[level][version] ?? 0
  const raw = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blocks - (raw % blocks)
  const shortLength = Math.floor(raw / blocks)
  const divisor = rsDivisor(ecLength)
  const all: number[][] = []
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - ecLength + (i < shortBlocks ? 0 : 1)
    const block = data.slice(k, k + length)
    k += length
    const ec = rsRemainder(block, divisor)
    // Short blocks get a placeholder so every block has the same length while interleaving.
    if (i < shortBlocks) block.push(-1)
    all.push([...block, ...ec])
  }
  const result: number[] = []
  for (let i = 0; i < (all[0]?.length ?? 0); i++)
    for (const block of all) {
      const value = block[i] ?? -1
      if (value !== -1) result.push(value)
    }
  return result
}

// ── Matrix ────────────────────────────────────────────────────────────────────────────────
// Flat, row-major byte grids (1 = dark, 1 = reserved): the eight masked candidates are scored in
// a few milliseconds, so drawing a pairing code is never a long task.
type Grid = { size: number; modules: Uint8Array; reserved: Uint8Array }

function setFunction(grid: Grid, x: number, y: number, dark: boolean) {
  const { size } = grid
  if (x < 0 || x >= size || y < 0 || y >= size) return
  grid.modules[y * size + x] = dark ? 1 : 0
  grid.reserved[y * size + x] = 1
}

function drawFunctionPatterns(grid: Grid, version: number) {
  const { size } = grid
  for (let i = 0; i < size; i++) {
    setFunction(grid, 6, i, i % 2 === 0)
    setFunction(grid, i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const)
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy))
        setFunction(grid, cx + dx, cy + dy, distance !== 2 && distance !== 4)
      }
  const align = alignmentPositions(version)
  const last = align.length - 1
  align.forEach((cx, i) => {
    align.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          setFunction(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    })
  })
  drawFormatBits(grid, 'L', 0) // reserves the area; drawn for real after masking
  if (version >= 7) {
    let rem = version
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
    const bits = (version << 12) | rem
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      setFunction(grid, a, b, dark)
      setFunction(grid, b, a, dark)
    }
  }
}

/** The 15 format bits: level and mask, BCH-protected and masked with 0x5412. */
export function formatBits(level: QrErrorCorrection, mask: number): number {
  const data = (FORMAT_LEVEL_BITS[level] << 3) | mask
  let rem = data
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
  return ((data << 10) | rem) ^ 0x5412
}

function drawFormatBits(grid: Grid, level: QrErrorCorrection, mask: number) {
  const bits = formatBits(level, mask)
  const bit = (i: number) => ((bits >>> i) & 1) === 1
  const { size } = grid
  for (let i = 0; i <= 5; i++) setFunction(grid, 8, i, bit(i))
  setFunction(grid, 8, 7, bit(6))
  setFunction(grid, 8, 8, bit(7))
  setFunction(grid, 7, 8, bit(8))
  for (let i = 9; i < 15; i++) setFunction(grid, 14 - i, 8, bit(i))
  for (let i = 0; i < 8; i++) setFunction(grid, size - 1 - i, 8, bit(i))
  for (let i = 8; i < 15; i++) setFunction(grid, 8, size - 15 + i, bit(i))
  setFunction(grid, 8, size - 8, true)
}

function drawCodewords(grid: Grid, codewords: readonly number[]) {
  const { size, modules, reserved } = grid
  const total = codewords.length * 8
  let i = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    const upward = ((right + 1) & 2) === 0
    for (let vertical = 0; vertical < size; vertical++)
      for (let j = 0; j < 2; j++) {
        const at = (upward ? size - 1 - vertical : vertical) * size + right - j
        if (reserved[at] || i >= total) continue
        modules[at] = ((codewords[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1
        i++
      }
  }
}

/** True where mask pattern `mask` flips the module at column `x`, row `y`. */
export function maskApplies(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0
    case 1:
      return y % 2 === 0
    case 2:
      return x % 3 === 0
    case 3:
      return (x + y) % 3 === 0
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0
  }
}

function applyMask(grid: Grid, mask: number) {
  const { size, modules, reserved } = grid
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = y * size + x
      if (!reserved[at] && maskApplies(mask, x, y)) modules[at] = modules[at] === 1 ? 0 : 1
    }
}

/** True when module `k` of a line is dark; outside the line counts as light. */
const darkAt = (line: Uint8Array, size: number, k: number) => k >= 0 && k < size && line[k] === 1

/** Rules 1 and 3 of the standard for one row or column. */
function linePenalty(line: Uint8Array, size: number): number {
  let score = 0
  let run = 1
  for (let i = 1; i <= size; i++) {
    if (i < size && line[i] === line[i - 1]) run++
    else {
      if (run >= 5) score += run - 2
      run = 1
    }
  }
  // Finder-like 1:1:3:1:1 with four light modules on one side.
  for (let i = 0; i + 10 < size + 4; i++) {
    if (
      !darkAt(line, size, i) ||
      darkAt(line, size, i + 1) ||
      !darkAt(line, size, i + 2) ||
      !darkAt(line, size, i + 3) ||
      !darkAt(line, size, i + 4) ||
      darkAt(line, size, i + 5) ||
      !darkAt(line, size, i + 6)
    )
      continue
    let before = true
    let after = true
    for (let k = 1; k <= 4; k++) {
      if (darkAt(line, size, i - k)) before = false
      if (darkAt(line, size, i + 6 + k)) after = false
    }
    if (before || after) score += 40
  }
  return score
}

/** The standard's penalty score of a masked matrix: lower scans better. */
function penalty(modules: Uint8Array, size: number): number {
  let score = 0
  const line = new Uint8Array(size)
  for (let y = 0; y < size; y++)
    score += linePenalty(modules.subarray(y * size, y * size + size), size)
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) line[y] = modules[y * size + x] ?? 0
    score += linePenalty(line, size)
  }
  let dark = 0
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = y * size + x
      const c = modules[at]
      if (c === 1) dark++
      if (
        x + 1 < size &&
        y + 1 < size &&
        c === modules[at + 1] &&
        c === modules[at + size] &&
        c === modules[at + size + 1]
      )
        score += 3
    }
  const total = size * size
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10
  return score
}

/**
 * Encodes `text` (UTF-8, byte mode) in the smallest version that holds it at `level`, with the
 * mask the standard's penalty rules prefer.
 *
 * @throws RangeError when the text does not fit in version 40.
 * @example
 * encodeQr('wc:…@2?relay-protocol=irn&symKey=…', 'Q').size // 65
 */
export function encodeQr(text: string, level: QrErrorCorrection = 'Q'): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  let version = 1
  for (; version <= 40; version++) {
    const header = 4 + (version < 10 ? 8 : 16)
    if (header + bytes.length * 8 <= dataCodewords(version, level) * 8) break
  }
  if (version > 40) throw new RangeError('The text is too long for a QR code.')
  const size = version * 4 + 17
  const base: Grid = {
    size,
    modules: new Uint8Array(size * size),
    reserved: new Uint8Array(size * size),
  }
  drawFunctionPatterns(base, version)
  drawCodewords(
    base,
    interleave(dataBits(bytes, version, dataCodewords(version, level)), version, level),
  )

  let best = base.modules
  let bestScore = Number.POSITIVE_INFINITY
  for (let mask = 0; mask < 8; mask++) {
    const grid: Grid = { size, modules: base.modules.slice(), reserved: base.reserved }
    applyMask(grid, mask)
    drawFormatBits(grid, level, mask)
    const score = penalty(grid.modules, size)
    if (score < bestScore) {
      bestScore = score
      best = grid.modules
    }
  }
  const modules = Array.from({ length: size }, (_, y) =>
    Array.from(best.subarray(y * size, y * size + size), (m) => m === 1),
  )
  return { size, version, modules }
}
