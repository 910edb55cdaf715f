/** What the Solana test wallet registers through the Wallet Standard. */
export interface SolanaWalletInfo {
  name: string
  /** A `data:image/svg+xml;base64,…` URI. */
  icon: string
  /** Wallet Standard chains, e.g. `solana:localnet`. */
  chains: string[]
}

const ICON_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="24" fill="#7c3aed"/>',
  '<path d="M28 34h40l-8 8H20zM28 54h40l-8 8H20z" fill="#fff"/>',
  '</svg>',
].join('')

/** Name, icon and chains the Solana test wallet registers unless told otherwise. */
export const SOLANA_WALLET: Readonly<SolanaWalletInfo> = Object.freeze({
  name: 'Devnet Solana',
  icon: `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`,
  chains: ['solana:localnet', 'solana:devnet'],
})
