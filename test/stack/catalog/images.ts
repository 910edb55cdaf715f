import { createHash } from 'node:crypto'

/** Content type of every generated image. */
export const SVG_CONTENT_TYPE = 'image/svg+xml'

/** Escapes text for SVG/XML content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Up to two initials: the first letter or digit of the first two words, else of the text. */
export function initials(text: string): string {
  const firsts = text
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((c): c is string => c !== undefined)
  const picked =
    firsts.length >= 2 ? firsts.slice(0, 2) : [...(text.match(/[\p{L}\p{N}]/gu) ?? [])].slice(0, 2)
  return picked.join('').toUpperCase() || '?'
}

/** A `#rrggbb` colour from an HSL triple (h in degrees, s and l in 0..1). */
function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/** A stable, readable background colour for `seed`. */
export function colourFor(seed: string): string {
  const hue = createHash('sha256').update(seed).digest().readUInt16BE(0) % 360
  return hslToHex(hue, 0.6, 0.42)
}

/** A rounded square coloured from `seed` with the initials of `label`. */
export function initialsSvg(seed: string, label: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="24" fill="${colourFor(seed)}"/>`,
    '<text x="48" y="48" dy=".35em" text-anchor="middle" fill="#fff"',
    ' font-family="system-ui, sans-serif" font-size="36" font-weight="600">',
    escapeXml(initials(label)),
    '</text></svg>',
  ].join('')
}
