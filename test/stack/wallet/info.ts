/** EIP-6963 provider info. */
export interface WalletInfo {
  uuid: string
  name: string
  /** A `data:image/svg+xml;base64,…` URI. */
  icon: string
  rdns: string
}

const ICON_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
  '<rect width="96" height="96" rx="24" fill="#1f6feb"/>',
  '<path d="M24 34h48v32H24z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>',
  '<circle cx="60" cy="50" r="5" fill="#fff"/>',
  '</svg>',
].join('')

/** Name, rdns and icon the test wallet announces unless told otherwise. */
export const DEVNET_WALLET = {
  name: 'Devnet Wallet',
  rdns: 'dev.walletkit.devnet',
  icon: `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`,
} as const
