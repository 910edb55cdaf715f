import { expect, test } from 'vitest'
import { InvalidOptionError, UnknownOptionError } from '../../../src/core/errors/options.js'
import { resolveOptions } from '../../../src/core/options.js'
import { optionsFromAttributes } from '../../../src/embed/attributes.js'

const projectId = '0123456789abcdef0123456789abcdef'

/** A script tag with the given data-* attributes. */
function tag(attributes: Record<string, string>) {
  const script = document.createElement('script')
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
  return script
}

/**
 * An element whose dataset is a plain object, as a browser enumerates it. (happy-dom leaves
 * attributes with an empty value out of `Object.entries(element.dataset)`; browsers do not.)
 */
const withDataset = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement

test('default', () => {
  expect(optionsFromAttributes(tag({ 'data-project-id': projectId }))).toEqual({ projectId })
})

test('args: no data-project-id means no auto-init', () => {
  expect(optionsFromAttributes(tag({}))).toBeUndefined()
  expect(
    optionsFromAttributes(tag({ 'data-networks': 'eip155:1', 'data-debug': 'true' })),
  ).toBeUndefined()
})

test('behavior: kebab case maps to each option name', () => {
  const options = optionsFromAttributes(
    tag({
      'data-project-id': projectId,
      'data-theme-mode': 'dark',
      'data-theme-preset': 'contrast',
      'data-locale': 'en-GB',
      'data-api-url': 'http://127.0.0.1:4000',
      'data-blockchain-api-url': 'http://127.0.0.1:4001',
      'data-analytics-url': 'http://127.0.0.1:4002',
      'data-relay-url': 'ws://127.0.0.1:4003',
      'data-auth-url': 'http://127.0.0.1:4004',
      'data-terms-conditions-url': 'https://site.example/terms',
      'data-privacy-policy-url': 'https://site.example/privacy',
      'data-default-network': 'eip155:8453',
      'data-networks': 'eip155:1,eip155:8453',
    }),
  )
  expect(options).toMatchInlineSnapshot(`
    {
      "analyticsUrl": "http://127.0.0.1:4002",
      "apiUrl": "http://127.0.0.1:4000",
      "authUrl": "http://127.0.0.1:4004",
      "blockchainApiUrl": "http://127.0.0.1:4001",
      "defaultNetwork": "eip155:8453",
      "locale": "en-GB",
      "networks": [
        "eip155:1",
        "eip155:8453",
      ],
      "privacyPolicyUrl": "https://site.example/privacy",
      "projectId": "0123456789abcdef0123456789abcdef",
      "relayUrl": "ws://127.0.0.1:4003",
      "termsConditionsUrl": "https://site.example/terms",
      "themeMode": "dark",
      "themePreset": "contrast",
    }
  `)
  expect(() => resolveOptions(options)).not.toThrow()
})

test('behavior: data-enable-eip6963 maps to enableEIP6963', () => {
  expect(
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-enable-eip6963': 'false' })),
  ).toEqual({ projectId, enableEIP6963: false })
})

test('behavior: lists are comma-separated and trimmed', () => {
  const options = optionsFromAttributes(
    tag({
      'data-project-id': projectId,
      'data-networks': ' eip155:1 , eip155:8453,,',
      'data-featured-wallet-ids': 'a,b',
      'data-include-wallet-ids': 'c',
      'data-exclude-wallet-ids': 'd, e',
    }),
  )
  expect(options).toEqual({
    projectId,
    networks: ['eip155:1', 'eip155:8453'],
    featuredWalletIds: ['a', 'b'],
    includeWalletIds: ['c'],
    excludeWalletIds: ['d', 'e'],
  })
})

test('behavior: booleans are true, false, or present', () => {
  const options = optionsFromAttributes(
    withDataset({
      projectId,
      debug: '',
      enableInjected: 'true',
      enableWalletConnect: 'false',
      allowUnsupportedChain: 'true',
    }),
  )
  expect(options).toEqual({
    projectId,
    debug: true,
    enableInjected: true,
    enableWalletConnect: false,
    allowUnsupportedChain: true,
  })
})

test('behavior: empty values are ignored', () => {
  const options = optionsFromAttributes(
    withDataset({
      projectId,
      themeMode: '',
      locale: '   ',
      apiUrl: '',
      networks: '',
      featuredWalletIds: ' , ',
    }),
  )
  expect(options).toEqual({ projectId })
  expect(() => resolveOptions(options)).not.toThrow()
})

test('behavior: string values are trimmed', () => {
  expect(
    optionsFromAttributes(
      tag({ 'data-project-id': ` ${projectId} `, 'data-theme-mode': ' light ' }),
    ),
  ).toEqual({ projectId, themeMode: 'light' })
})

test('behavior: data-walletkit-open on the script tag is not an option', () => {
  expect(
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-walletkit-open': 'Connect' })),
  ).toEqual({ projectId })
})

test('error: an unknown attribute', () => {
  expect(() =>
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-colour': 'red' })),
  ).toThrowErrorMatchingInlineSnapshot(`
    [UnknownOptionError: Unknown option "data-colour": expected one of data-project-id, data-networks, data-default-network, data-features, data-metadata, data-siwx, data-featured-wallet-ids, data-include-wallet-ids, data-exclude-wallet-ids, data-allow-unsupported-chain, data-theme-mode, data-theme-preset, data-theme-variables, data-locale, data-locales-url, data-analytics-addresses, data-enable-wallet-connect, data-enable-injected, data-enable-eip6963, data-custom-wallets, data-safe-allowed-origins, data-onramp-checkout-origins, data-terms-conditions-url, data-privacy-policy-url, data-default-account-types, data-debug, data-swap-max-slippage, data-swap-networks, data-api-url, data-blockchain-api-url, data-analytics-url, data-relay-url, data-auth-url.
    Docs: /options]
  `)
  expect(() =>
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-constructor': 'x' })),
  ).toThrow(UnknownOptionError)
})

test('behavior: object options are JSON', () => {
  expect(
    optionsFromAttributes(
      tag({
        'data-project-id': projectId,
        'data-features': '{"swaps":false,"socials":["google"]}',
        'data-metadata':
          ' {"name":"Shop","description":"d","url":"https://shop.example","icons":[]} ',
        'data-siwx': '{"required":true,"statement":"Sign in"}',
        'data-theme-variables': '{"--wk-accent":"#0a7"}',
        'data-custom-wallets': '[{"id":"own","name":"Own"}]',
        'data-default-account-types': '{"eip155":"eoa"}',
        'data-locale': '',
      }),
    ),
  ).toEqual({
    projectId,
    features: { swaps: false, socials: ['google'] },
    metadata: { name: 'Shop', description: 'd', url: 'https://shop.example', icons: [] },
    siwx: { required: true, statement: 'Sign in' },
    themeVariables: { '--wk-accent': '#0a7' },
    customWallets: [{ id: 'own', name: 'Own' }],
    defaultAccountTypes: { eip155: 'eoa' },
  })
})

test('error: an object option that is not JSON', () => {
  expect(() =>
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-features': '{swaps:false}' })),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "data-features": expected JSON, received "{swaps:false}".
    Docs: /options]
  `)
})

test('error: a boolean that is neither true nor false', () => {
  expect(() =>
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-debug': 'yes' })),
  ).toThrowErrorMatchingInlineSnapshot(`
    [InvalidOptionError: Invalid option "data-debug": expected true or false, received "yes".
    Docs: /options]
  `)
  expect(() =>
    optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-debug': 'TRUE' })),
  ).toThrow(InvalidOptionError)
})

test('behavior: data-safe-allowed-origins is a comma-separated list', () => {
  expect(
    optionsFromAttributes(
      tag({
        'data-project-id': 'p',
        'data-safe-allowed-origins': 'https://safe.example.org, http://127.0.0.1:4000',
      }),
    )?.safeAllowedOrigins,
  ).toEqual(['https://safe.example.org', 'http://127.0.0.1:4000'])
})

test('behavior: data-onramp-checkout-origins is a comma-separated list', () => {
  expect(
    optionsFromAttributes(
      tag({
        'data-project-id': 'p',
        'data-onramp-checkout-origins': 'https://buy.example.org, http://127.0.0.1:4100',
      }),
    )?.onrampCheckoutOrigins,
  ).toEqual(['https://buy.example.org', 'http://127.0.0.1:4100'])
})

test('behavior: a number option is read as a decimal', () => {
  const options = optionsFromAttributes(
    tag({ 'data-project-id': projectId, 'data-swap-max-slippage': ' 0.5 ' }),
  )
  expect(options).toEqual({ projectId, swapMaxSlippage: 0.5 })
  expect(resolveOptions(options).swapMaxSlippage).toBe(0.5)
  for (const bad of ['half', '1%', 'Infinity'])
    expect(() =>
      optionsFromAttributes(tag({ 'data-project-id': projectId, 'data-swap-max-slippage': bad })),
    ).toThrow(InvalidOptionError)
})

test('behavior: data-swap-networks is a comma-separated list', () => {
  expect(
    optionsFromAttributes(
      tag({
        'data-project-id': projectId,
        'data-networks': 'eip155:31337,eip155:31338',
        'data-swap-networks': 'eip155:31337, eip155:31338',
      }),
    )?.swapNetworks,
  ).toEqual(['eip155:31337', 'eip155:31338'])
})

test('behavior: data-locale, data-locales-url and data-analytics-addresses', () => {
  expect(
    optionsFromAttributes(
      tag({
        'data-project-id': projectId,
        'data-locale': 'ar',
        'data-locales-url': 'https://static.example/wk/locales/',
        'data-analytics-addresses': 'true',
      }),
    ),
  ).toEqual({
    projectId,
    locale: 'ar',
    localesUrl: 'https://static.example/wk/locales/',
    analyticsAddresses: true,
  })
})
