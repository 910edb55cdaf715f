import { expect, test } from 'vitest'
import { qrPath } from '../../../../src/ui/components/QrCode.js'
import { encodeQr, type QrErrorCorrection } from '../../../../src/ui/components/qr-encode.js'
import { decodeQr, matrixFromPath } from '../../../e2e/walletconnect/support/qr-decode.js'

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6f4b1aa9ca8b5c0f0e2a@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

test('default', () => {
  const matrix = encodeQr(URI, 'Q')
  expect({ version: matrix.version, size: matrix.size }).toEqual({ version: 12, size: 65 })
  expect(decodeQr(matrix.modules)).toEqual({ text: URI, level: 'Q', fixed: 0 })
})

test('args: every level and a range of lengths read back', () => {
  for (const level of ['L', 'M', 'Q', 'H'] as QrErrorCorrection[])
    for (const length of [1, 17, 42, 120, 187, 400, 900]) {
      const text = URI.repeat(6).slice(0, length)
      expect(decodeQr(encodeQr(text, level).modules).text).toBe(text)
    }
})

test('args: UTF-8 text', () => {
  expect(decodeQr(encodeQr('Wallet ✓ ünïcode', 'M').modules).text).toBe('Wallet ✓ ünïcode')
})

test('behavior: the SVG path holds the matrix module for module', () => {
  const matrix = encodeQr(URI, 'Q')
  expect(matrixFromPath(qrPath(matrix), matrix.size)).toEqual(matrix.modules)
})

test('behavior: a centred logo over a fifth of the width is restored by error correction', () => {
  const matrix = encodeQr(URI, 'Q')
  const hidden = Math.ceil(matrix.size * 0.22)
  const start = Math.floor((matrix.size - hidden) / 2)
  const covered = matrix.modules.map((row, y) =>
    row.map((dark, x) =>
      y >= start && y < start + hidden && x >= start && x < start + hidden ? false : dark,
    ),
  )
  const read = decodeQr(covered)
  expect(read.text).toBe(URI)
  expect(read.fixed).toBeGreaterThan(0)
})

test('error: text beyond version 40', () => {
  expect(() => encodeQr('x'.repeat(3000), 'H')).toThrowErrorMatchingInlineSnapshot(
    `[RangeError: The text is too long for a QR code.]`,
  )
})
