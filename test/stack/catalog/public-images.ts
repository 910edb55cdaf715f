/**
 * The catalogue's token, currency and asset images for the ids the local stack uses, drawn for
 * the stand-in (simple marks in each asset's colours, so the demo and the gallery show images
 * apart from the kit's letter marks); any other id gets an initials image (images.ts).
 */
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${body}</svg>`
const disc = (fill: string) => `<circle cx="48" cy="48" r="48" fill="${fill}"/>`
const glyph = (text: string) =>
  `<text x="48" y="48" dy=".36em" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif" font-size="50" font-weight="700">${text}</text>`
const diamond =
  '<path d="M48 14 70 50 48 62 26 50z" fill="#fff"/><path d="M48 67 70 54 48 84 26 54z" fill="#fff" opacity=".75"/>'
const solana =
  '<defs><linearGradient id="s" x1="0" x2="1"><stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs>' +
  '<path d="M32 30h40l-8 8H24zM24 44h40l8 8H32zM32 58h40l-8 8H24z" fill="url(#s)"/>'
const dai =
  '<path d="M36 28h12a20 20 0 0 1 0 40H36z" fill="none" stroke="#fff" stroke-width="7"/><path d="M26 44h46M26 53h46" stroke="#fff" stroke-width="5"/>'

/** Drawn images by kind and id. */
export const PUBLIC_IMAGES: Record<string, Record<string, string>> = {
  token: {
    ETH: svg(disc('#627eea') + diamond),
    WETH: svg(disc('#e8488e') + diamond),
    USDC: svg(
      `${disc('#2775ca')}<circle cx="48" cy="48" r="32" fill="none" stroke="#fff" stroke-width="5"/>${glyph('$')}`,
    ),
    DAI: svg(disc('#f5ac37') + dai),
    SOL: svg(disc('#111') + solana),
  },
  currency: {
    USD: svg(disc('#1f8a4c') + glyph('$')),
    EUR: svg(disc('#2b59c3') + glyph('€')),
    GBP: svg(disc('#7b3fb8') + glyph('£')),
  },
  asset: {
    'eip155:31337': svg(disc('#3b5bfd') + diamond),
    'eip155:31338': svg(disc('#0f9d8a') + diamond),
    'solana:localnet': svg(disc('#111') + solana),
  },
}
