import { type ReactNode, useMemo } from 'react'
import { testId } from '../test-id.js'
import { encodeQr, type QrMatrix } from './qr-encode.js'

/** Light modules around the code, as the standard asks. */
const QUIET_ZONE = 4

/**
 * The SVG path of a QR code's dark modules: one rectangle per horizontal run, so the whole code
 * is a single element and each run reads back as `M{x} {y}h{length}v1h-{length}z`.
 */
export function qrPath(matrix: QrMatrix, offset = QUIET_ZONE): string {
  const parts: string[] = []
  matrix.modules.forEach((row, y) => {
    let x = 0
    while (x < matrix.size) {
      if (!row[x]) {
        x++
        continue
      }
      let end = x
      while (end < matrix.size && row[end]) end++
      parts.push(`M${x + offset} ${y + offset}h${end - x}v1h-${end - x}z`)
      x = end
    }
  })
  return parts.join('')
}

/**
 * A QR code drawn as SVG elements (no markup strings), with an optional logo in its centre. The
 * code uses error-correction level Q, so the few modules the logo hides are restored by the
 * scanner. `data-uri` carries the encoded text for tests and assistive tools.
 */
export function QrCode({
  value,
  label,
  logo,
}: {
  value: string
  /** The accessible name of the image. */
  label: string
  /** Shown in the centre (a wallet's image). */
  logo?: ReactNode
}) {
  const matrix = useMemo(() => encodeQr(value, 'Q'), [value])
  const path = useMemo(() => qrPath(matrix), [matrix])
  const extent = matrix.size + QUIET_ZONE * 2
  return (
    <div className="wk-qr" {...testId('qr')} data-uri={value} data-modules={matrix.size}>
      <svg
        viewBox={`0 0 ${extent} ${extent}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
        focusable="false"
      >
        <rect width={extent} height={extent} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      {logo ? (
        <span className="wk-qr-logo" aria-hidden="true">
          {logo}
        </span>
      ) : null}
    </div>
  )
}
