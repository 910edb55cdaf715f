import { type ReactNode, useMemo } from 'react'
import { testId } from '../test-id.js'
import { encodeQr, type QrMatrix } from './qr-encode.js'

type Drawn = { matrix: QrMatrix; path: string }

/**
 * Codes computed ahead of time by {@link prepareQrCode}: public values only (an address), never a
 * pairing URI, which holds a secret and is drawn once.
 */
const prepared = new Map<string, Drawn>()
const KEPT = 4

function draw(value: string): Drawn {
  const matrix = encodeQr(value, 'Q')
  return { matrix, path: qrPath(matrix) }
}

/**
 * Computes the code of a public `value` (the connected address, for Receive) in idle time, so the
 * view that shows it does not encode it while opening. The last {@link KEPT} are kept.
 */
export function prepareQrCode(value: string): void {
  if (prepared.has(value)) return
  if (prepared.size >= KEPT) prepared.delete(prepared.keys().next().value as string)
  prepared.set(value, draw(value))
}

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
  const { matrix, path } = useMemo(() => prepared.get(value) ?? draw(value), [value])
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
