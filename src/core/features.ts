import type { Features, SocialProvider, WalletFeature } from './types/options.js'

/** The seven social providers, in their default order. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = Object.freeze([
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
])

/** Wallet features, in their default order. */
export const WALLET_FEATURES: readonly WalletFeature[] = Object.freeze([
  'onramp',
  'swaps',
  'receive',
  'send',
])

/** The default features of SPEC §9. Returns a fresh object each call. */
export function defaultFeatures(): Features {
  return {
    swaps: true,
    onramp: true,
    receive: true,
    send: true,
    email: true,
    socials: [...SOCIAL_PROVIDERS],
    history: true,
    analytics: true,
    allWallets: true,
    legalCheckbox: false,
    smartSessions: false,
    collapseWallets: false,
    walletFeaturesOrder: [...WALLET_FEATURES],
  }
}

/** Merges a site's partial features over the defaults. */
export function mergeFeatures(partial: Partial<Features> | undefined): Features {
  const merged = defaultFeatures()
  if (!partial) return merged
  for (const key of Object.keys(partial) as (keyof Features)[]) {
    const value = partial[key]
    if (value !== undefined) Object.assign(merged, { [key]: value })
  }
  return merged
}

/**
 * Whether email and social login are offered, the one rule the kit and the page both follow: the
 * site turned on email or at least one social provider, and configured an eip155 network (the
 * embedded wallet is an eip155 wallet).
 */
export function isLoginOffered(options: {
  features: Pick<Features, 'email' | 'socials'>
  networks: readonly { namespace: string }[]
}): boolean {
  const { email, socials } = options.features
  return (
    (email || (socials !== false && socials.length > 0)) &&
    options.networks.some((n) => n.namespace === 'eip155')
  )
}
