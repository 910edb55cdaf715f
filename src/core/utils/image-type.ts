/** Image types the kit shows. */
export type ImageType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'image/avif'
  | 'image/svg+xml'

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/**
 * The type of an image from its first bytes (its signature), never from what the server claimed:
 * PNG, JPEG, GIF, WebP and AVIF by their magic numbers; SVG as XML text whose root is `<svg`.
 *
 * @returns The type, or undefined when the bytes are no image the kit shows.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ascii('ftypavif'), 4) || startsWith(bytes, ascii('ftypavis'), 4))
    return 'image/avif'
  return isSvg(bytes) ? 'image/svg+xml' : undefined
}

/** Text (UTF-8) whose first element, after an XML declaration, comments and a doctype, is `<svg`. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '')
  const rest = head.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '')
  return /^<svg[\s>/]/i.test(rest)
}

/**
 * The bytes of a `data:` URI of an image (base64 or percent-encoded), or undefined when it is not
 * one or is longer than `maxBytes`.
 */
export function dataUriBytes(uri: string, maxBytes: number): Uint8Array | undefined {
  const comma = uri.indexOf(',')
  if (!/^data:image\//i.test(uri) || comma < 0 || comma > 200) return undefined
  const base64 = /;base64$/i.test(uri.slice(0, comma))
  const payload = uri.slice(comma + 1)
  try {
    if (base64) {
      if (payload.length > Math.ceil(maxBytes / 3) * 4 + 4) return undefined
      const binary = atob(payload)
      return Uint8Array.from(binary, (c) => c.charCodeAt(0))
    }
    if (payload.length > maxBytes * 3) return undefined
    const bytes = new TextEncoder().encode(decodeURIComponent(payload))
    return bytes.length <= maxBytes ? bytes : undefined
  } catch {
    return undefined
  }
}

/** Base64 of bytes, in chunks so a large image does not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
