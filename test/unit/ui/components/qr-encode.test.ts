import { createHash } from 'node:crypto'
import jsQR from 'jsqr'
import { expect, test } from 'vitest'
import {
  encodeQr,
  type QrErrorCorrection,
  type QrMatrix,
} from '../../../../src/ui/components/qr-encode.js'

/**
 * The QR encoder checked by a decoder that shares nothing with it: jsQR (npm), which finds the
 * code in pixels as a phone's camera would, with its own tables and Reed–Solomon decoder.
 */
function decode(matrix: QrMatrix, scale = 4, quiet = 4): string | null {
  const side = (matrix.size + quiet * 2) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let y = 0; y < matrix.size; y++)
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.modules[y]?.[x]) continue
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0
        }
    }
  return jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null
}

/** The matrix as a fingerprint: version, size and every module, hashed. */
const fingerprint = (m: QrMatrix) =>
  createHash('sha256')
    .update(
      `${m.version}:${m.size}:${m.modules.map((row) => row.map((v) => (v ? 1 : 0)).join('')).join('/')}`,
    )
    .digest('hex')
    .slice(0, 16)

const WC_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1732540000'

/**
 * Golden vectors: inputs whose matrices jsQR read back when they were recorded. A change in any
 * module (a table, the mask choice, the block order) changes the fingerprint; such a change must
 * still read back, and then the vector is recorded again on purpose.
 */
const GOLDEN: [string, QrErrorCorrection, number, string][] = [
  // Versions are the smallest whose byte capacity (ISO/IEC 18004 table 7) holds the text: 11 bytes
  // fit 1-Q (11); 25 fit 2-M (26); the 186-byte URI fits 12-Q (206, 11-Q holds 180) and 8-L
  // (192); 20 UTF-8 bytes fit 3-H (24, 2-H holds 16); 500 fit 17-M (504, 16-M holds 450).
  ['HELLO WORLD', 'Q', 1, 'ff94723fc366aa2e'],
  ['https://walletkit.example', 'M', 2, 'd2fdab07fc57762a'],
  [WC_URI, 'Q', 12, '4535dca57e5f9f2e'],
  [WC_URI, 'L', 8, '0e0fc5d12bcc759a'],
  ['Grüße, 世界 👋', 'H', 3, 'bbf24c102ddaad45'],
  ['x'.repeat(500), 'M', 17, '6790357ef6a5968c'],
]

test('default', () => {
  const matrix = encodeQr(WC_URI)
  expect(decode(matrix)).toBe(WC_URI)
})

test('behavior: jsQR reads back every level and a range of lengths', () => {
  for (const level of ['L', 'M', 'Q', 'H'] as const)
    for (const length of [1, 7, 17, 32, 53, 78, 106, 134, 271, 400, 700]) {
      const text = Array.from({ length }, (_, i) =>
        String.fromCharCode(33 + ((i * 7 + length) % 90)),
      ).join('')
      expect(decode(encodeQr(text, level)), `${level} ${length}`).toBe(text)
    }
})

test('behavior: golden vectors keep their matrices and read back', () => {
  const recorded = GOLDEN.map(([text, level]) => {
    const matrix = encodeQr(text, level)
    expect(decode(matrix), `${level} ${text.slice(0, 20)}`).toBe(text)
    return [text, level, matrix.version, fingerprint(matrix)]
  })
  expect(recorded).toEqual(GOLDEN)
})
