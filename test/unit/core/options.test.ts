import { expect, test } from 'vitest'
import { InvalidCaipError } from '../../../src/core/errors/caip.js'
import { InvalidOptionError, UnknownOptionError } from '../../../src/core/errors/options.js'
import { defaultFeatures } from '../../../src/core/features.js'
import { DEFAULT_ENDPOINTS, OPTION_KEYS, resolveOptions } from '../../../src/core/options.js'

const projectId = '0123456789abcdef0123456789abcdef'
const resolve = (extra: Record<string, unknown>) => () => resolveOptions({ projectId, ...extra })
const devnet = {
  caipNetworkId: 'eip155:31337',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}

test('default', () => {
  expect(resolveOptions({ projectId })).toMatchInlineSnapshot(`
    {
      "allowUnsupportedChain": false,
      "analyticsAddresses": false,
      "analyticsUrl": "https://pulse.walletconnect.org",
      "apiUrl": "https://api.web3modal.org",
      "authUrl": "https://secure.walletconnect.org",
      "blockchainApiUrl": "https://rpc.walletconnect.org",
      "customWallets": [],
      "debug": false,
      "defaultAccountTypes": {
        "bip122": "payment",
        "eip155": "smartAccount",
        "polkadot": "eoa",
        "solana": "eoa",
      },
      "defaultNetwork": {
        "caipNetworkId": "eip155:1",
        "explorerUrl": "https://etherscan.io",
        "name": "Ethereum",
        "namespace": "eip155",
        "nativeCurrency": {
          "decimals": 18,
          "name": "Ether",
          "symbol": "ETH",
        },
        "reference": "1",
      },
      "enableEIP6963": true,
      "enableInjected": true,
      "enableWalletConnect": true,
      "excludeWalletIds": [],
      "featuredWalletIds": [],
      "features": {
        "allWallets": true,
        "analytics": true,
        "collapseWallets": false,
        "email": true,
        "history": true,
        "legalCheckbox": false,
        "onramp": true,
        "receive": true,
        "send": true,
        "smartSessions": false,
        "socials": [
          "google",
          "x",
          "discord",
          "farcaster",
          "github",
          "apple",
          "facebook",
        ],
        "swaps": true,
        "walletFeaturesOrder": [
          "onramp",
          "swaps",
          "receive",
          "send",
        ],
      },
      "includeWalletIds": [],
      "locale": undefined,
      "localesUrl": undefined,
      "metadata": undefined,
      "networks": [
        {
          "caipNetworkId": "eip155:1",
          "explorerUrl": "https://etherscan.io",
          "name": "Ethereum",
          "namespace": "eip155",
          "nativeCurrency": {
            "decimals": 18,
            "name": "Ether",
            "symbol": "ETH",
          },
          "reference": "1",
        },
      ],
      "onrampCheckoutOrigins": [
        "https://pay.coinbase.com",
      ],
      "privacyPolicyUrl": "",
      "projectId": "0123456789abcdef0123456789abcdef",
      "relayUrl": "wss://relay.walletconnect.org",
      "safeAllowedOrigins": [
        "https://app.safe.global",
      ],
      "siwx": undefined,
      "swapMaxSlippage": 1,
      "swapNetworks": [],
      "termsConditionsUrl": "",
      "themeMode": "system",
      "themePreset": "default",
      "themeVariables": {},
    }
  `)
})

test('args: every option key', () => {
  expect(OPTION_KEYS).toMatchInlineSnapshot(`
    [
      "projectId",
      "networks",
      "defaultNetwork",
      "features",
      "metadata",
      "siwx",
      "featuredWalletIds",
      "includeWalletIds",
      "excludeWalletIds",
      "allowUnsupportedChain",
      "themeMode",
      "themePreset",
      "themeVariables",
      "locale",
      "localesUrl",
      "analyticsAddresses",
      "enableWalletConnect",
      "enableInjected",
      "enableEIP6963",
      "customWallets",
      "safeAllowedOrigins",
      "onrampCheckoutOrigins",
      "termsConditionsUrl",
      "privacyPolicyUrl",
      "defaultAccountTypes",
      "debug",
      "swapMaxSlippage",
      "swapNetworks",
      "apiUrl",
      "blockchainApiUrl",
      "analyticsUrl",
      "relayUrl",
      "authUrl",
    ]
  `)
  expect(Object.isFrozen(OPTION_KEYS)).toBe(true)
})

test('args: the endpoints default to the public services', () => {
  const options = resolveOptions({ projectId })
  for (const [key, url] of Object.entries(DEFAULT_ENDPOINTS))
    expect(options[key as keyof typeof DEFAULT_ENDPOINTS]).toBe(url)
})

test('args: defaultAccountTypes default to SPEC §6 and merge', () => {
  expect(resolveOptions({ projectId }).defaultAccountTypes).toEqual({
    eip155: 'smartAccount',
    bip122: 'payment',
    polkadot: 'eoa',
    solana: 'eoa',
  })
  expect(
    resolveOptions({ projectId, defaultAccountTypes: { eip155: 'eoa' } }).defaultAccountTypes,
  ).toMatchObject({ eip155: 'eoa', bip122: 'payment' })
})

test('behavior: features merge over the SPEC §9 defaults', () => {
  const options = resolveOptions({ projectId, features: { swaps: false, socials: ['x'] } })
  expect(options.features).toEqual({ ...defaultFeatures(), swaps: false, socials: ['x'] })
  expect(resolveOptions({ projectId }).features).toEqual(defaultFeatures())
})

test('behavior: networks as ids and objects; the first is the default network', () => {
  const options = resolveOptions({
    projectId,
    networks: ['eip155:8453', devnet, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  })
  expect(options.networks.map((n) => n.caipNetworkId)).toEqual([
    'eip155:8453',
    'eip155:31337',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  ])
  expect(options.defaultNetwork.caipNetworkId).toBe('eip155:8453')
  expect(options.networks[1]).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', name: 'Devnet' })
})

test('behavior: defaultNetwork picks one of the networks', () => {
  const options = resolveOptions({
    projectId,
    networks: ['eip155:1', 'eip155:8453'],
    defaultNetwork: 'eip155:8453',
  })
  expect(options.defaultNetwork.caipNetworkId).toBe('eip155:8453')
})

test('behavior: undefined values count as absent', () => {
  expect(resolveOptions({ projectId, debug: undefined, networks: undefined } as never)).toEqual(
    resolveOptions({ projectId }),
  )
})

test('behavior: plain http and ws endpoints are accepted on loopback', () => {
  const options = resolveOptions({
    projectId,
    apiUrl: 'http://127.0.0.1:4000',
    blockchainApiUrl: 'http://localhost:4001/',
    analyticsUrl: 'http://127.0.0.1:4002',
    relayUrl: 'ws://127.0.0.1:4003',
    authUrl: 'http://localhost:4004',
  })
  expect(options.relayUrl).toBe('ws://127.0.0.1:4003')
  expect(options.apiUrl).toBe('http://127.0.0.1:4000')
})

test('behavior: secure endpoints are accepted anywhere', () => {
  expect(
    resolveOptions({ projectId, apiUrl: 'https://api.example', relayUrl: 'wss://relay.example' })
      .relayUrl,
  ).toBe('wss://relay.example')
})

test('behavior: https terms and privacy links are accepted', () => {
  const options = resolveOptions({
    projectId,
    termsConditionsUrl: 'https://example.com/terms',
    privacyPolicyUrl: 'https://example.com/privacy',
  })
  expect(options.termsConditionsUrl).toBe('https://example.com/terms')
})

test('behavior: themeVariables accept --wk-* names with strings and numbers', () => {
  const options = resolveOptions({
    projectId,
    themeVariables: { '--wk-accent': '#123456', '--wk-radius': 8 },
  })
  expect(options.themeVariables).toEqual({ '--wk-accent': '#123456', '--wk-radius': 8 })
})

test('behavior: a siwx statement on one line is accepted', () => {
  expect(resolveOptions({ projectId, siwx: { statement: 'Sign in to Example' } }).siwx).toEqual({
    statement: 'Sign in to Example',
  })
})

// ── Errors ─────────────────────────────────────────────────────────────────

test('error: options that are not an object', () => {
  expect(() => resolveOptions(undefined)).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "options": expected an object, received undefined.
    Docs: /options]
  `)
  expect(() => resolveOptions([])).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "options": expected an object, received an array.
    Docs: /options]
  `)
})

test('error: unknown key', () => {
  expect(resolve({ projectID: projectId })).toThrowErrorMatchingInlineSnapshot(`
    [UnknownOptionError: Unknown option "projectID": expected one of projectId, networks, defaultNetwork, features, metadata, siwx, featuredWalletIds, includeWalletIds, excludeWalletIds, allowUnsupportedChain, themeMode, themePreset, themeVariables, locale, localesUrl, analyticsAddresses, enableWalletConnect, enableInjected, enableEIP6963, customWallets, safeAllowedOrigins, onrampCheckoutOrigins, termsConditionsUrl, privacyPolicyUrl, defaultAccountTypes, debug, swapMaxSlippage, swapNetworks, apiUrl, blockchainApiUrl, analyticsUrl, relayUrl, authUrl.
    Docs: /options]
  `)
  expect(resolve({ projectID: projectId })).toThrow(UnknownOptionError)
})

test('error: unknown key that is also an Object.prototype name', () => {
  for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
    const input = JSON.parse(`{"projectId":"${projectId}","${key}":1}`)
    expect(() => resolveOptions(input), key).toThrow(UnknownOptionError)
  }
})

test('error: unknown nested key', () => {
  expect(resolve({ features: { swap: true } })).toThrowErrorMatchingInlineSnapshot(`
    [UnknownOptionError: Unknown option "features.swap": expected one of swaps, onramp, receive, send, email, socials, history, analytics, allWallets, legalCheckbox, smartSessions, collapseWallets, walletFeaturesOrder.
    Docs: /options]
  `)
  const input = JSON.parse('{"constructor":true}')
  expect(resolve({ features: input })).toThrow(UnknownOptionError)
})

test('error: missing projectId', () => {
  expect(() => resolveOptions({})).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "projectId": expected 32 lowercase hexadecimal characters, received undefined.
    Docs: /options]
  `)
})

test('error: malformed projectId', () => {
  expect(
    resolve({ projectId: 'ABCDEF0123456789ABCDEF0123456789' }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "projectId": expected 32 lowercase hexadecimal characters, received "ABCDEF0123456789ABCDEF0123456789".
    Docs: /options]
  `)
  expect(resolve({ projectId: `${projectId}0` })).toThrow(InvalidOptionError)
  expect(resolve({ projectId: projectId.slice(1) })).toThrow(InvalidOptionError)
  expect(resolve({ projectId: 42 })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "projectId": expected a string, received number 42.
    Docs: /options]
  `)
})

test('error: wrong types name the key and what was expected', () => {
  expect(resolve({ debug: 'yes' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "debug": expected a boolean, received "yes".
    Docs: /options]
  `)
  expect(resolve({ locale: 7 })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "locale": expected a BCP 47 language tag such as "de" or "pt-BR", received number 7.
    Docs: /options]
  `)
  expect(resolve({ featuredWalletIds: 'w1' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "featuredWalletIds": expected an array of strings, received "w1".
    Docs: /options]
  `)
  expect(resolve({ excludeWalletIds: ['w1', 2] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "excludeWalletIds[1]": expected a string, received number 2.
    Docs: /options]
  `)
  expect(resolve({ includeWalletIds: null })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "includeWalletIds": expected an array of strings, received null.
    Docs: /options]
  `)
  expect(resolve({ themeMode: 'dim' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "themeMode": expected one of light, dark, system, received "dim".
    Docs: /options]
  `)
  expect(resolve({ themePreset: 'neon' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "themePreset": expected one of default, contrast, minimal, rounded, received "neon".
    Docs: /options]
  `)
  expect(resolve({ features: { swaps: 'on' } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "features.swaps": expected a boolean, received "on".
    Docs: /options]
  `)
  expect(resolve({ features: { socials: ['myspace'] } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "features.socials[0]": expected one of google, x, discord, farcaster, github, apple, facebook, received "myspace".
    Docs: /options]
  `)
  expect(
    resolve({ features: { walletFeaturesOrder: 'send' } }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "features.walletFeaturesOrder": expected an array of onramp, swaps, receive, send, received "send".
    Docs: /options]
  `)
  expect(resolve({ metadata: { name: 'Example' } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "metadata.url": expected a value, received undefined.
    Docs: /options]
  `)
  expect(resolve({ siwx: { expirationSeconds: 0 } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "siwx.expirationSeconds": expected a whole number of seconds from 1 to 31536000 (one year), received number 0.
    Docs: /options]
  `)
  expect(resolve({ siwx: { verify: 'yes' } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "siwx.verify": expected a function, received "yes".
    Docs: /options]
  `)
  expect(resolve({ customWallets: [{ id: 'c1' }] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "customWallets[0].name": expected a value, received undefined.
    Docs: /options]
  `)
  expect(resolve({ defaultAccountTypes: { cosmos: 'eoa' } })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "defaultAccountTypes.cosmos": expected a namespace (eip155, solana, polkadot, bip122), received "cosmos".
    Docs: /options]
  `)
  expect(
    resolve({ defaultAccountTypes: { eip155: 'multisig' } }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "defaultAccountTypes.eip155": expected one of eoa, smartAccount, payment, ordinal, received "multisig".
    Docs: /options]
  `)
})

test('error: a long string value is cut in the message', () => {
  expect(resolve({ themeMode: 'x'.repeat(100) })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "themeMode": expected one of light, dark, system, received "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…".
    Docs: /options]
  `)
})

test('error: bad networks are Invalid CAIP Address', () => {
  for (const id of ['eip155', 'eip155:1:0x0', 'cosmos:hub', 'eip155:0x1', 'eip155:01', 'eip155:']) {
    expect(resolve({ networks: [id] }), id).toThrow(InvalidCaipError)
    expect(resolve({ networks: [id] }), id).toThrow('Invalid CAIP Address')
  }
  expect(resolve({ networks: ['cosmos:hub'] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidCaipError: Invalid CAIP Address

    Details: "cosmos:hub": unknown namespace "cosmos"]
  `)
  expect(resolve({ networks: [{ ...devnet, caipNetworkId: 'eip155' }] })).toThrow(
    'Invalid CAIP Address',
  )
  expect(resolve({ defaultNetwork: 'eip155:one' })).toThrow('Invalid CAIP Address')
})

test('error: networks must be a non-empty array', () => {
  expect(resolve({ networks: [] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks": expected a non-empty array of networks, received an array.
    Docs: /options]
  `)
  expect(resolve({ networks: 'eip155:1' })).toThrow(InvalidOptionError)
  expect(resolve({ networks: [42] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0]": expected an object, received number 42.
    Docs: /options]
  `)
})

test('error: a network object with missing or bad fields', () => {
  const { rpcUrl: _, ...noRpc } = devnet
  expect(resolve({ networks: [noRpc] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].rpcUrl": expected a value, received undefined.
    Docs: /options]
  `)
  expect(
    resolve({
      networks: [{ ...devnet, nativeCurrency: { name: 'E', symbol: 'E', decimals: 37 } }],
    }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].nativeCurrency.decimals": expected an integer from 0 to 36, received number 37.
    Docs: /options]
  `)
  expect(
    resolve({ networks: [{ ...devnet, rpcUrl: 'http://rpc.example' }] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].rpcUrl": expected an absolute https or http URL (plain http/ws on loopback only), received "http://rpc.example".
    Docs: /options]
  `)
  expect(
    resolve({ networks: [{ ...devnet, explorerUrl: 'http://explorer.example' }] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].explorerUrl": expected an https URL, received "http://explorer.example".
    Docs: /options]
  `)
  expect(resolve({ networks: [{ ...devnet, chainId: 31337 }] })).toThrow(UnknownOptionError)
})

test('error: defaultNetwork not in networks', () => {
  expect(
    resolve({ networks: ['eip155:1'], defaultNetwork: 'eip155:8453' }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "defaultNetwork": expected one of networks, received "eip155:8453".
    Docs: /options]
  `)
})

test('error: duplicate networks', () => {
  expect(
    resolve({ networks: ['eip155:1', 'eip155:8453', 'eip155:1'] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks": expected each network once, received "eip155:1,eip155:8453,eip155:1".
    Docs: /options]
  `)
  expect(resolve({ networks: [devnet, 'eip155:31337'] })).toThrow(InvalidOptionError)
})

test('error: non-https terms and privacy URLs', () => {
  expect(
    resolve({ termsConditionsUrl: 'http://example.com/terms' }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "termsConditionsUrl": expected an https URL, received "http://example.com/terms".
    Docs: /options]
  `)
  expect(resolve({ privacyPolicyUrl: 'javascript:alert(1)' })).toThrow(InvalidOptionError)
  expect(resolve({ privacyPolicyUrl: '/privacy' })).toThrow(InvalidOptionError)
  expect(resolve({ termsConditionsUrl: 'https://exa mple.com' })).toThrow(InvalidOptionError)
})

test('error: a plain http endpoint off loopback is refused', () => {
  expect(resolve({ apiUrl: 'http://api.example' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "apiUrl": expected an absolute https or http URL (plain http/ws on loopback only), received "http://api.example".
    Docs: /options]
  `)
  expect(resolve({ analyticsUrl: 'http://10.0.0.1' })).toThrow(InvalidOptionError)
  expect(resolve({ authUrl: 'http://127.0.0.1.example' })).toThrow(InvalidOptionError)
})

test('error: a ws relay off loopback and a wrong scheme are refused', () => {
  expect(resolve({ relayUrl: 'ws://relay.example' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "relayUrl": expected an absolute wss or ws URL (plain http/ws on loopback only), received "ws://relay.example".
    Docs: /options]
  `)
  expect(resolve({ relayUrl: 'https://relay.example' })).toThrow(InvalidOptionError)
  expect(resolve({ apiUrl: 'wss://api.example' })).toThrow(InvalidOptionError)
  expect(resolve({ apiUrl: 'file:///etc/passwd' })).toThrow(InvalidOptionError)
})

test('error: endpoints that are not URLs or carry credentials', () => {
  expect(resolve({ apiUrl: 'api.example' })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "apiUrl": expected an absolute https or http URL, received "api.example".
    Docs: /options]
  `)
  expect(resolve({ apiUrl: 'https://user:secret@api.example' })).toThrow(InvalidOptionError)
  expect(resolve({ apiUrl: 5 })).toThrow(InvalidOptionError)
})

test('error: themeVariables names must be --wk-* tokens', () => {
  expect(
    resolve({ themeVariables: { '--w3m-accent': 'red' } }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "themeVariables.--w3m-accent": expected a --wk-* token name, received "--w3m-accent".
    Docs: /options]
  `)
  expect(resolve({ themeVariables: { '--wk-Accent': 'red' } })).toThrow(InvalidOptionError)
  expect(resolve({ themeVariables: { '--wk-accent;color': 'red' } })).toThrow(InvalidOptionError)
  expect(resolve({ themeVariables: { [`--wk-${'a'.repeat(41)}`]: 'red' } })).toThrow(
    InvalidOptionError,
  )
  expect(
    resolve({ themeVariables: { '--wk-accent': { r: 1 } } }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "themeVariables.--wk-accent": expected a string or number, received an object.
    Docs: /options]
  `)
  expect(resolve({ themeVariables: [] })).toThrow(InvalidOptionError)
})

test('error: a siwx statement with a line feed', () => {
  expect(
    resolve({ siwx: { statement: 'Sign in\nURI: https://evil.example' } }),
  ).toThrowErrorMatchingInlineSnapshot(
    `[WalletKitError: Invalid option "siwx.statement": a statement cannot contain a line feed.]`,
  )
})

test('error: every error is a WalletKitError with a short message', () => {
  try {
    resolveOptions({ projectId, debug: 1 })
    expect.unreachable()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionError)
    expect((error as InvalidOptionError).key).toBe('debug')
    expect((error as InvalidOptionError).name).toBe('InvalidOptionError')
    expect((error as InvalidOptionError).docsPath).toBe('/options')
  }
})

test('behavior: safeAllowedOrigins extend the Safe web wallet’s origin, once each', () => {
  expect(resolveOptions({ projectId }).safeAllowedOrigins).toEqual(['https://app.safe.global'])
  expect(
    resolveOptions({
      projectId,
      safeAllowedOrigins: [
        'https://safe.example.org',
        'http://127.0.0.1:4000',
        'https://app.safe.global',
      ],
    }).safeAllowedOrigins,
  ).toEqual(['https://app.safe.global', 'https://safe.example.org', 'http://127.0.0.1:4000'])
})

test('error: safeAllowedOrigins takes exact origins only', () => {
  for (const bad of [
    'https://safe.example.org/',
    'https://safe.example.org/apps',
    'http://safe.example.org',
    '*',
    'https://*.safe.global',
    'app.safe.global',
    'https://user@safe.example.org',
  ])
    expect(resolve({ safeAllowedOrigins: [bad] }), bad).toThrow(InvalidOptionError)
  expect(resolve({ safeAllowedOrigins: 'https://safe.example.org' })).toThrow(
    'Invalid option "safeAllowedOrigins"',
  )
})

test('behavior: onrampCheckoutOrigins extend the known providers’ checkout origins, once each', () => {
  expect(resolveOptions({ projectId }).onrampCheckoutOrigins).toEqual(['https://pay.coinbase.com'])
  expect(
    resolveOptions({
      projectId,
      onrampCheckoutOrigins: [
        'https://buy.example.org',
        'http://127.0.0.1:4100',
        'https://pay.coinbase.com',
      ],
    }).onrampCheckoutOrigins,
  ).toEqual(['https://pay.coinbase.com', 'https://buy.example.org', 'http://127.0.0.1:4100'])
})

test('error: onrampCheckoutOrigins takes exact origins only', () => {
  for (const bad of [
    'https://buy.example.org/',
    'https://buy.example.org/checkout',
    'http://buy.example.org',
    '*',
    'https://*.example.org',
    'buy.example.org',
    'https://user@buy.example.org',
    'javascript:alert(1)',
  ])
    expect(resolve({ onrampCheckoutOrigins: [bad] }), bad).toThrow(InvalidOptionError)
  expect(resolve({ onrampCheckoutOrigins: 'https://buy.example.org' })).toThrow(
    'Invalid option "onrampCheckoutOrigins"',
  )
})

test('behavior: swapMaxSlippage is a percentage above 0 and at most 50, default 1', () => {
  expect(resolveOptions({ projectId }).swapMaxSlippage).toBe(1)
  expect(resolveOptions({ projectId, swapMaxSlippage: 0.5 }).swapMaxSlippage).toBe(0.5)
  expect(resolveOptions({ projectId, swapMaxSlippage: 50 }).swapMaxSlippage).toBe(50)
  for (const bad of [0, -1, 50.01, Number.NaN, '1'])
    expect(resolve({ swapMaxSlippage: bad }), String(bad)).toThrow(InvalidOptionError)
  expect(resolve({ swapMaxSlippage: 60 })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "swapMaxSlippage": expected a number of percent above 0 and at most 50, received number 60.
    Docs: /options]
  `)
})

test('behavior: a network object may mark itself swap-capable', () => {
  const [marked, plain] = resolveOptions({
    projectId,
    networks: [
      { ...devnet, swaps: true },
      { ...devnet, caipNetworkId: 'eip155:31338' },
    ],
  }).networks
  expect(marked?.swaps).toBe(true)
  expect(plain).not.toHaveProperty('swaps')
  expect(resolve({ networks: [{ ...devnet, swaps: 'yes' }] })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].swaps": expected a boolean, received "yes".
    Docs: /options]
  `)
})

test('behavior: swapNetworks marks networks of the list swap-capable, as swaps: true does', () => {
  const resolved = resolveOptions({
    projectId,
    networks: ['eip155:31337', 'eip155:31338'],
    swapNetworks: ['eip155:31338'],
  })
  expect(resolved.networks.map((n) => n.swaps)).toEqual([undefined, true])
  expect(
    resolveOptions({ projectId, networks: ['eip155:31337'], swapNetworks: ['eip155:31337'] })
      .defaultNetwork.swaps,
  ).toBe(true)
  expect(
    resolve({ networks: ['eip155:1'], swapNetworks: ['eip155:10'] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "swapNetworks[0]": expected an eip155 network of networks, once, or its router as eip155:<chain>:<address>, received "eip155:10".
    Docs: /options]
  `)
  expect(
    resolve({ networks: ['eip155:1', 'solana:localnet'], swapNetworks: ['solana:localnet'] }),
  ).toThrow(InvalidOptionError)
  expect(resolve({ swapNetworks: 'eip155:1' })).toThrow(InvalidOptionError)
})

const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'

test('behavior: a swap router is declared on a network object, or as a CAIP-10 swapNetworks entry', () => {
  const [declared] = resolveOptions({
    projectId,
    networks: [{ ...devnet, swapRouter: ROUTER }],
  }).networks
  // A router implies swaps.
  expect(declared).toMatchObject({ swaps: true, swapRouter: ROUTER })
  const byId = resolveOptions({
    projectId,
    networks: ['eip155:31337', 'eip155:31338', 'eip155:1'],
    swapNetworks: [`eip155:31337:${ROUTER}`, 'eip155:31338', `eip155:1:${ROUTER.toLowerCase()}`],
  }).networks
  expect(byId.map((n) => [n.swaps, n.swapRouter])).toEqual([
    [true, ROUTER],
    [true, undefined],
    [true, ROUTER.toLowerCase()],
  ])
  expect(byId[0]).toEqual(
    resolveOptions({
      projectId,
      networks: ['eip155:31337'],
      swapNetworks: [`eip155:31337:${ROUTER}`],
    }).defaultNetwork,
  )
})

test('error: a swap router that is no contract address, or where no swap can be, is refused', () => {
  expect(
    resolve({ networks: [{ ...devnet, swapRouter: ROUTER.toLowerCase().replace('f', 'F') }] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].swapRouter": expected a contract address (0x and 40 hexadecimal digits, checksummed in mixed case), received "0xcF7ed3acca5a467e9e704c703e8d87f634fb0f…".
    Docs: /options]
  `)
  for (const bad of ['0x1234', `0x${'0'.repeat(40)}`, 42, `${ROUTER}00`])
    expect(resolve({ networks: [{ ...devnet, swapRouter: bad }] }), String(bad)).toThrow(
      InvalidOptionError,
    )
  expect(
    resolve({ networks: [{ ...devnet, swaps: false, swapRouter: ROUTER }] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].swapRouter": expected the router of an eip155 network whose swaps are not false, received "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0F…".
    Docs: /options]
  `)
  expect(
    resolve({
      networks: [{ ...devnet, caipNetworkId: 'solana:localnet', swapRouter: ROUTER }],
    }),
  ).toThrow(InvalidOptionError)
  expect(
    resolve({ networks: ['eip155:31337'], swapNetworks: ['eip155:31337:0x1234'] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "swapNetworks[0]": expected a contract address (0x and 40 hexadecimal digits, checksummed in mixed case), received "0x1234".
    Docs: /options]
  `)
  // Each network once; a fourth part is no CAIP-10 id.
  for (const swapNetworks of [
    ['eip155:31337', `eip155:31337:${ROUTER}`],
    [`eip155:31337:${ROUTER}:x`],
  ])
    expect(resolve({ networks: ['eip155:31337'], swapNetworks }), swapNetworks[1]).toThrow(
      InvalidOptionError,
    )
})

test("args: a network object may declare its well-known tokens' contracts", () => {
  const devnet = {
    caipNetworkId: 'eip155:31337',
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'http://127.0.0.1:8545',
  }
  const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const options = resolveOptions({ projectId, networks: [{ ...devnet, tokens: { USDC: usdc } }] })
  expect(options.networks[0]?.tokens).toEqual({ USDC: usdc })
  expect(
    resolve({ networks: [{ ...devnet, tokens: { USDC: 'javascript:alert(1)' } }] }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "networks[0].tokens.USDC": expected a contract address (0x and 40 hex digits, or a base58 mint), received "javascript:alert(1)".
    Docs: /options]
  `)
  expect(resolve({ networks: [{ ...devnet, tokens: ['USDC'] }] })).toThrow(InvalidOptionError)
})
