import { isAddress } from 'viem'
import {
  ONRAMP_CHECKOUT_ORIGINS,
  SWAP_MAX_SLIPPAGE_PERCENT,
  SWAP_SLIPPAGE_PERCENT,
} from './constants.js'
import { WalletKitError } from './errors/base.js'
import { InvalidOptionError, UnknownOptionError } from './errors/options.js'
import { mergeFeatures, SOCIAL_PROVIDERS, WALLET_FEATURES } from './features.js'
import { resolveNetwork } from './networks.js'
import { THEME_PRESETS } from './presets.js'
import type { CaipNetwork } from './types/caip.js'
import type { Features, Metadata, ThemeMode, WalletKitOptions } from './types/options.js'
import { isNamespace } from './utils/caip.js'

/** The public services the endpoints default to. */
export const DEFAULT_ENDPOINTS = {
  apiUrl: 'https://api.web3modal.org',
  blockchainApiUrl: 'https://rpc.walletconnect.org',
  analyticsUrl: 'https://pulse.walletconnect.org',
  relayUrl: 'wss://relay.walletconnect.org',
  authUrl: 'https://secure.walletconnect.org',
} as const

/** Origins of the Safe web wallet: a page framed by one of them may be a Safe App. */
const DEFAULT_SAFE_ORIGINS: readonly string[] = Object.freeze(['https://app.safe.global'])

/** Options after validation, with every default filled in. */
export type ResolvedOptions = Omit<
  Required<WalletKitOptions>,
  'networks' | 'defaultNetwork' | 'features' | 'siwx' | 'metadata' | 'locale' | 'localesUrl'
> & {
  /** The site's choice; undefined: the page's `<html lang>`, then the browser's language. */
  locale: string | undefined
  /** Where the locale packs are; undefined: `locales/` beside walletkit.js. */
  localesUrl: string | undefined
  networks: CaipNetwork[]
  defaultNetwork: CaipNetwork
  features: Features
  siwx: WalletKitOptions['siwx'] | undefined
  metadata: Metadata | undefined
}

type Check = (value: unknown, key: string) => void

const fail = (key: string, expected: string, received: unknown): never => {
  throw new InvalidOptionError({ key, expected, received })
}
const bool: Check = (v, k) => void (typeof v !== 'boolean' && fail(k, 'a boolean', v))
const str: Check = (v, k) => void (typeof v !== 'string' && fail(k, 'a string', v))
const strings: Check = (v, k) => {
  if (!Array.isArray(v)) fail(k, 'an array of strings', v)
  ;(v as unknown[]).forEach((item, i) => {
    str(item, `${k}[${i}]`)
  })
}
const httpUrl =
  (schemes: readonly string[]): Check =>
  (v, k) => {
    str(v, k)
    let url: URL | undefined
    try {
      url = new URL(v as string)
    } catch {
      fail(k, `an absolute ${schemes.join(' or ')} URL`, v)
    }
    const scheme = url?.protocol.slice(0, -1) ?? ''
    const loopback = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost'
    const plain = scheme === 'http' || scheme === 'ws'
    if (!schemes.includes(scheme) || (plain && !loopback) || url?.username || url?.password)
      fail(k, `an absolute ${schemes.join(' or ')} URL (plain http/ws on loopback only)`, v)
  }
const origin: Check = (v, k) => {
  const expected = 'an origin such as https://app.safe.global (https, or http on loopback; no path)'
  str(v, k)
  let url: URL | undefined
  try {
    url = new URL(v as string)
  } catch {
    fail(k, expected, v)
  }
  const loopback = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost'
  const scheme = url?.protocol
  // A plain host name: no wildcard (a message origin is matched exactly).
  const host = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(url?.hostname ?? '')
  if (url?.origin !== v || !host || !(scheme === 'https:' || (scheme === 'http:' && loopback)))
    fail(k, expected, v)
}
const origins: Check = (v, k) => {
  if (!Array.isArray(v)) fail(k, 'an array of origins', v)
  ;(v as unknown[]).forEach((item, i) => {
    origin(item, `${k}[${i}]`)
  })
}
const https: Check = (v, k) => {
  str(v, k)
  if (!/^https:\/\/[^\s]+$/i.test(v as string)) fail(k, 'an https URL', v)
}
const object = (v: unknown, k: string): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(k, 'an object', v)
  return v as Record<string, unknown>
}
const fields = (v: unknown, k: string, shape: Record<string, Check>, required: string[] = []) => {
  const o = object(v, k)
  for (const key of Object.keys(o)) {
    const check = Object.hasOwn(shape, key) ? shape[key] : undefined
    if (!check) throw new UnknownOptionError({ key: `${k}.${key}`, known: Object.keys(shape) })
    if (o[key] !== undefined) check(o[key], `${k}.${key}`)
  }
  for (const key of required) if (o[key] === undefined) fail(`${k}.${key}`, 'a value', undefined)
}
const oneOf =
  (values: readonly string[]): Check =>
  (v, k) =>
    void (!values.includes(v as string) && fail(k, `one of ${values.join(', ')}`, v))
const fn: Check = (v, k) => void (typeof v !== 'function' && fail(k, 'a function', v))

const network: Check = (v, k) => {
  if (typeof v !== 'string')
    fields(
      v,
      k,
      {
        caipNetworkId: str,
        name: str,
        nativeCurrency: (c, ck) =>
          fields(c, ck, { name: str, symbol: str, decimals: decimals }, [
            'name',
            'symbol',
            'decimals',
          ]),
        rpcUrl: httpUrl(['https', 'http']),
        explorerUrl: https,
        swaps: bool,
        swapRouter: router,
        tokens: (t, tk) => {
          for (const [symbol, contract] of Object.entries(object(t, tk)))
            if (
              typeof contract !== 'string' ||
              !/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/.test(contract)
            )
              fail(
                `${tk}.${symbol}`,
                'a contract address (0x and 40 hex digits, or a base58 mint)',
                contract,
              )
        },
      },
      ['caipNetworkId', 'name', 'nativeCurrency', 'rpcUrl'],
    )
  const o = v as { caipNetworkId?: unknown; swaps?: unknown; swapRouter?: unknown }
  // A router is a swap network's: an eip155 one, not turned off.
  if (
    o.swapRouter !== undefined &&
    (o.swaps === false || !`${o.caipNetworkId}`.startsWith('eip155:'))
  )
    fail(
      `${k}.swapRouter`,
      'the router of an eip155 network whose swaps are not false',
      o.swapRouter,
    )
}
/** A contract address: 0x and 40 hexadecimal digits, checksummed when in mixed case. */
const router: Check = (v, k) =>
  void (
    (typeof v !== 'string' || !isAddress(v) || /^0x0{40}$/.test(v)) &&
    fail(k, 'a contract address (0x and 40 hexadecimal digits, checksummed in mixed case)', v)
  )
const decimals: Check = (v, k) =>
  void (
    (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 36) &&
    fail(k, 'an integer from 0 to 36', v)
  )

const FEATURE_CHECKS: Record<keyof Features, Check> = {
  swaps: bool,
  onramp: bool,
  receive: bool,
  send: bool,
  email: bool,
  socials: (v, k) => {
    if (v === false) return
    if (!Array.isArray(v)) fail(k, `false or an array of ${SOCIAL_PROVIDERS.join(', ')}`, v)
    ;(v as unknown[]).forEach((item, i) => {
      oneOf(SOCIAL_PROVIDERS)(item, `${k}[${i}]`)
    })
  },
  history: bool,
  analytics: bool,
  allWallets: bool,
  legalCheckbox: bool,
  smartSessions: bool,
  collapseWallets: bool,
  walletFeaturesOrder: (v, k) => {
    if (!Array.isArray(v)) fail(k, `an array of ${WALLET_FEATURES.join(', ')}`, v)
    ;(v as unknown[]).forEach((item, i) => {
      oneOf(WALLET_FEATURES)(item, `${k}[${i}]`)
    })
  },
}

const CHECKS: Record<keyof WalletKitOptions, Check> = {
  projectId: (v, k) => {
    str(v, k)
    if (!/^[0-9a-f]{32}$/.test(v as string)) fail(k, '32 lowercase hexadecimal characters', v)
  },
  networks: (v, k) => {
    if (!Array.isArray(v) || v.length === 0) fail(k, 'a non-empty array of networks', v)
    ;(v as unknown[]).forEach((item, i) => {
      network(item, `${k}[${i}]`)
    })
  },
  defaultNetwork: network,
  features: (v, k) => fields(v, k, FEATURE_CHECKS),
  metadata: (v, k) =>
    fields(v, k, { name: str, description: str, url: str, icons: strings }, ['name', 'url']),
  siwx: (v, k) =>
    fields(v, k, {
      required: bool,
      statement: str,
      expirationSeconds: (s, sk) =>
        void (
          (!Number.isInteger(s) || (s as number) <= 0 || (s as number) > 31_536_000) &&
          fail(sk, 'a whole number of seconds from 1 to 31536000 (one year)', s)
        ),
      signOutOnDisconnect: bool,
      getNonce: fn,
      verify: fn,
      addSession: fn,
      getSessions: fn,
      revokeSession: fn,
    }),
  featuredWalletIds: strings,
  includeWalletIds: strings,
  excludeWalletIds: strings,
  allowUnsupportedChain: bool,
  themeMode: oneOf(['light', 'dark', 'system']),
  themePreset: oneOf(THEME_PRESETS),
  themeVariables: (v, k) => {
    const o = object(v, k)
    for (const [name, value] of Object.entries(o)) {
      if (!/^--wk-[a-z0-9-]{1,40}$/.test(name)) fail(`${k}.${name}`, 'a --wk-* token name', name)
      if (typeof value !== 'string' && typeof value !== 'number')
        fail(`${k}.${name}`, 'a string or number', value)
    }
  },
  locale: (v, k) =>
    void (
      (typeof v !== 'string' || !/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(v)) &&
      fail(k, 'a BCP 47 language tag such as "de" or "pt-BR"', v)
    ),
  localesUrl: httpUrl(['https', 'http']),
  analyticsAddresses: bool,
  enableWalletConnect: bool,
  enableInjected: bool,
  enableEIP6963: bool,
  customWallets: (v, k) => {
    if (!Array.isArray(v)) fail(k, 'an array of wallets', v)
    ;(v as unknown[]).forEach((w, i) => {
      fields(
        w,
        `${k}[${i}]`,
        {
          id: str,
          name: str,
          homepage: https,
          image_url: https,
          mobile_link: str,
          desktop_link: str,
          webapp_link: str,
        },
        ['id', 'name'],
      )
    })
  },
  safeAllowedOrigins: origins,
  onrampCheckoutOrigins: origins,
  termsConditionsUrl: https,
  privacyPolicyUrl: https,
  defaultAccountTypes: (v, k) => {
    const o = object(v, k)
    for (const [ns, type] of Object.entries(o)) {
      if (!isNamespace(ns)) fail(`${k}.${ns}`, 'a namespace (eip155, solana, polkadot, bip122)', ns)
      oneOf(['eoa', 'smartAccount', 'payment', 'ordinal'])(type, `${k}.${ns}`)
    }
  },
  debug: bool,
  swapMaxSlippage: (v, k) =>
    void (
      (typeof v !== 'number' || !(v > 0) || v > SWAP_MAX_SLIPPAGE_PERCENT) &&
      fail(k, `a number of percent above 0 and at most ${SWAP_MAX_SLIPPAGE_PERCENT}`, v)
    ),
  swapNetworks: (v, k) => {
    if (!Array.isArray(v)) fail(k, 'an array of CAIP-2 network ids', v)
    ;(v as unknown[]).forEach((item, i) => {
      str(item, `${k}[${i}]`)
    })
  },
  apiUrl: httpUrl(['https', 'http']),
  blockchainApiUrl: httpUrl(['https', 'http']),
  analyticsUrl: httpUrl(['https', 'http']),
  relayUrl: httpUrl(['wss', 'ws']),
  authUrl: httpUrl(['https', 'http']),
}

/** Names of every option `init()` accepts. */
export const OPTION_KEYS = Object.freeze(Object.keys(CHECKS)) as readonly (keyof WalletKitOptions)[]

/**
 * Validates a site's options and fills in every default.
 *
 * @param input - What the site passed to `init()`.
 * @returns The resolved options.
 * @throws InvalidOptionError / UnknownOptionError naming the key and what was expected;
 *   InvalidCaipError ('Invalid CAIP Address') for a malformed network id.
 */
export function resolveOptions(input: unknown): ResolvedOptions {
  const o = object(input, 'options')
  for (const key of Object.keys(o)) {
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key as keyof WalletKitOptions] : undefined
    if (!check) throw new UnknownOptionError({ key, known: OPTION_KEYS })
    if (o[key] !== undefined) check(o[key], key)
  }
  if (o.projectId === undefined) fail('projectId', '32 lowercase hexadecimal characters', undefined)
  const options = o as WalletKitOptions
  const swapNetworks = options.swapNetworks ?? []
  const resolved = (options.networks ?? ['eip155:1']).map(resolveNetwork)
  const ids = resolved.map((n) => n.caipNetworkId)
  if (new Set(ids).size !== ids.length) fail('networks', 'each network once', ids.join(','))
  // `eip155:<chain>` marks a network; `eip155:<chain>:<router>` also names its swap router.
  const marked = new Map<string, string | undefined>()
  for (const [i, entry] of swapNetworks.entries()) {
    const [namespace, reference, address, extra] = entry.split(':')
    const id = `${namespace}:${reference}`
    const key = `swapNetworks[${i}]`
    if (
      namespace !== 'eip155' ||
      extra !== undefined ||
      !(ids as string[]).includes(id) ||
      marked.has(id)
    )
      fail(
        key,
        'an eip155 network of networks, once, or its router as eip155:<chain>:<address>',
        entry,
      )
    if (address !== undefined) router(address, key)
    marked.set(id, address)
  }
  const networks = resolved.map((network) => {
    if (!marked.has(network.caipNetworkId)) return network
    const address = marked.get(network.caipNetworkId) ?? network.swapRouter
    return { ...network, swaps: true, ...(address && { swapRouter: address }) }
  })
  const defaultNetwork = options.defaultNetwork
    ? resolveNetwork(options.defaultNetwork)
    : networks[0]
  if (!defaultNetwork || !ids.includes(defaultNetwork.caipNetworkId))
    fail('defaultNetwork', 'one of networks', defaultNetwork?.caipNetworkId)
  if (/[\n\r]/.test(options.siwx?.statement ?? ''))
    throw new WalletKitError(
      'Invalid option "siwx.statement": a statement cannot contain a line feed.',
    )
  const storeHooks = (['addSession', 'getSessions', 'revokeSession'] as const).filter(
    (hook) => options.siwx?.[hook] !== undefined,
  )
  if (storeHooks.length % 3 !== 0)
    fail(
      'siwx',
      'addSession, getSessions and revokeSession together, or none of them',
      storeHooks.join(', '),
    )
  return {
    projectId: options.projectId,
    networks,
    // The network object of the list (with its swaps mark), not the one resolved from the id.
    defaultNetwork: networks.find(
      (n) => n.caipNetworkId === defaultNetwork?.caipNetworkId,
    ) as CaipNetwork,
    features: mergeFeatures(options.features),
    metadata: options.metadata,
    siwx: options.siwx,
    featuredWalletIds: options.featuredWalletIds ?? [],
    includeWalletIds: options.includeWalletIds ?? [],
    excludeWalletIds: options.excludeWalletIds ?? [],
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    themeMode: options.themeMode ?? ('system' satisfies ThemeMode),
    themePreset: options.themePreset ?? 'default',
    themeVariables: options.themeVariables ?? {},
    locale: options.locale,
    localesUrl: options.localesUrl,
    analyticsAddresses: options.analyticsAddresses ?? false,
    enableWalletConnect: options.enableWalletConnect ?? true,
    enableInjected: options.enableInjected ?? true,
    enableEIP6963: options.enableEIP6963 ?? true,
    customWallets: options.customWallets ?? [],
    safeAllowedOrigins: [
      ...new Set([...DEFAULT_SAFE_ORIGINS, ...(options.safeAllowedOrigins ?? [])]),
    ],
    onrampCheckoutOrigins: [
      ...new Set([...ONRAMP_CHECKOUT_ORIGINS, ...(options.onrampCheckoutOrigins ?? [])]),
    ],
    termsConditionsUrl: options.termsConditionsUrl ?? '',
    privacyPolicyUrl: options.privacyPolicyUrl ?? '',
    defaultAccountTypes: {
      eip155: 'smartAccount',
      bip122: 'payment',
      polkadot: 'eoa',
      solana: 'eoa',
      ...options.defaultAccountTypes,
    },
    debug: options.debug ?? false,
    swapMaxSlippage: options.swapMaxSlippage ?? SWAP_SLIPPAGE_PERCENT,
    swapNetworks,
    apiUrl: options.apiUrl ?? DEFAULT_ENDPOINTS.apiUrl,
    blockchainApiUrl: options.blockchainApiUrl ?? DEFAULT_ENDPOINTS.blockchainApiUrl,
    analyticsUrl: options.analyticsUrl ?? DEFAULT_ENDPOINTS.analyticsUrl,
    relayUrl: options.relayUrl ?? DEFAULT_ENDPOINTS.relayUrl,
    authUrl: options.authUrl ?? DEFAULT_ENDPOINTS.authUrl,
  }
}
