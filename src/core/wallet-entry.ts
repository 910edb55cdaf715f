import type { CustomWallet } from './types/options.js'
import type { WalletEntry } from './types/wallet.js'
import { boundedStrings, optionalText, record, text } from './utils/parse.js'
import { isHttpsUrl } from './utils/url.js'

/** Most chains kept of one wallet entry. */
export const WALLET_CHAINS_MAX_COUNT = 64
/** Most injected-provider records kept of one wallet entry. */
export const WALLET_INJECTED_MAX_COUNT = 16

/** A CAIP-2 network id as a catalogue lists it. */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * Parses one wallet entry from an untrusted source, the catalogue or the kit's own storage (which
 * a page script or an extension may have edited): only known fields are copied, each checked and
 * bounded, lists of the wrong type become empty, and the entry is frozen. Links are kept as text;
 * they are checked again when followed (`deeplink.ts`).
 *
 * @returns The entry, or undefined when it has no usable id or name.
 */
export function parseWalletEntry(value: unknown): WalletEntry | undefined {
  try {
    const o = record(value, 'wallet')
    const injected = Array.isArray(o.injected)
      ? o.injected.slice(0, WALLET_INJECTED_MAX_COUNT).flatMap((i) => {
          const r = typeof i === 'object' && i ? (i as Record<string, unknown>) : {}
          const namespace = optionalText(r, 'namespace', 16)
          const id = optionalText(r, 'injected_id', 128)
          return namespace && id ? [{ namespace, injected_id: id }] : []
        })
      : []
    const imageUrl = optionalText(o, 'image_url')
    const id = text(o, 'id', 128)
    const name = text(o, 'name', 10_000)
    if (!id.trim() || !name.trim()) return undefined
    return Object.freeze({
      id,
      name,
      image_id: optionalText(o, 'image_id', 128),
      image_url: isHttpsUrl(imageUrl) ? imageUrl : null,
      homepage: optionalText(o, 'homepage'),
      rdns: optionalText(o, 'rdns', 256),
      mobile_link: optionalText(o, 'mobile_link'),
      link_mode: optionalText(o, 'link_mode'),
      desktop_link: optionalText(o, 'desktop_link'),
      webapp_link: optionalText(o, 'webapp_link'),
      chrome_store: optionalText(o, 'chrome_store'),
      badge_type: o.badge_type === 'certified' ? 'certified' : 'none',
      chains: Object.freeze(
        boundedStrings(o.chains, {
          maxCount: WALLET_CHAINS_MAX_COUNT,
          maxLength: 41,
          pattern: CAIP2,
        }),
      ),
      supports_wc: o.supports_wc !== false,
      injected: Object.freeze(injected),
    })
  } catch {
    return undefined
  }
}

/** A site's `customWallets` entry as a wallet list entry (the same parser, so the same checks). */
export function customWalletEntry(wallet: CustomWallet): WalletEntry | undefined {
  return parseWalletEntry({ ...wallet, supports_wc: true })
}
