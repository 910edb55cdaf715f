import { inflateSync } from 'node:zlib'

/** Decoded pixels, 4 bytes (RGBA) per pixel, row by row. */
export type Pixels = { width: number; height: number; data: Uint8Array }

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * Decodes the PNGs Chromium writes for screenshots: 8 bits per channel, RGB or RGBA, not
 * interlaced. Anything else throws, so a change of format cannot pass silently.
 */
export function decodePng(png: Buffer): Pixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, colour, , , interlace] = body.subarray(8, 13)
      channels = colour === 6 ? 4 : colour === 2 ? 3 : 0
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(
          `unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`,
        )
    } else if (type === 'IDAT') idat.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const current = new Uint8Array(stride)
  const previous = new Uint8Array(stride)
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (current[i - channels] ?? 0) : 0
      const b = previous[i] ?? 0
      const c = i >= channels ? (previous[i - channels] ?? 0) : 0
      const x = line[i] ?? 0
      current[i] = (x + predict(filter, a, b, c)) & 0xff
    }
    for (let px = 0; px < width; px++) {
      const to = (y * width + px) * 4
      const from = px * channels
      data[to] = current[from] ?? 0
      data[to + 1] = current[from + 1] ?? 0
      data[to + 2] = current[from + 2] ?? 0
      data[to + 3] = channels === 4 ? (current[from + 3] ?? 0) : 255
    }
    previous.set(current)
  }
  return { width, height, data }
}

function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 0:
      return 0
    case 1:
      return a
    case 2:
      return b
    case 3:
      return (a + b) >> 1
    case 4: {
      const p = a + b - c
      const pa = Math.abs(p - a)
      const pb = Math.abs(p - b)
      const pc = Math.abs(p - c)
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`)
  }
}

/** How two images differ. */
export type PixelDiff = {
  /** Both images have the same size. */
  sameSize: boolean
  /** Pixels whose largest channel difference is over the threshold. */
  differing: number
  /** Share of differing pixels, 0..1 (1 when the sizes differ). */
  ratio: number
}

/** Counts the pixels of `a` and `b` that differ by more than `threshold` in any channel. */
export function diffPixels(a: Pixels, b: Pixels, threshold = 16): PixelDiff {
  if (a.width !== b.width || a.height !== b.height)
    return { sameSize: false, differing: a.width * a.height, ratio: 1 }
  let differing = 0
  for (let i = 0; i < a.data.length; i += 4) {
    let max = 0
    for (let c = 0; c < 4; c++)
      max = Math.max(max, Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)))
    if (max > threshold) differing++
  }
  return { sameSize: true, differing, ratio: differing / (a.width * a.height) }
}
