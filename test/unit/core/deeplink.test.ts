import { afterEach, expect, test, vi } from 'vitest'
import {
  appLinkShape,
  formatWalletLink,
  openWalletLink,
  walletConnectLink,
} from '../../../src/core/deeplink.js'

const URI = 'wc:abc@2?relay-protocol=irn&symKey=def'
const ENCODED = encodeURIComponent(URI)
const wallet = (
  links: Partial<Record<'mobile_link' | 'desktop_link' | 'webapp_link' | 'link_mode', string>>,
) => ({
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  ...links,
})

afterEach(() => {
  vi.restoreAllMocks()
})

test('default', () => {
  expect(walletConnectLink(wallet({ mobile_link: 'metamask://' }), URI, true)).toEqual({
    status: 'ok',
    link: { kind: 'mobile', href: `metamask://wc?uri=${ENCODED}`, universal: false },
  })
})

test('args: universal links get /wc?uri=', () => {
  expect(formatWalletLink('https://metamask.app.link', URI)).toBe(
    `https://metamask.app.link/wc?uri=${ENCODED}`,
  )
  expect(formatWalletLink('https://link.trustwallet.com/', URI)).toBe(
    `https://link.trustwallet.com/wc?uri=${ENCODED}`,
  )
  expect(formatWalletLink('https://127.0.0.1/devnet-mobile/wc', URI)).toBe(
    `https://127.0.0.1/devnet-mobile/wc?uri=${ENCODED}`,
  )
})

test('args: custom schemes only in the scheme:// form', () => {
  expect(formatWalletLink('rainbow://', URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
  expect(formatWalletLink('zerion://app/', URI)).toBe(`zerion://app/wc?uri=${ENCODED}`)
  expect(formatWalletLink('okex://main', URI)).toBe(`okex://main/wc?uri=${ENCODED}`)
  // A bare name or `name:` is not a wallet's link shape (issue 31).
  expect(formatWalletLink('rainbow:', URI)).toBeUndefined()
  expect(formatWalletLink('rainbow', URI)).toBeUndefined()
})

test('behavior: on a phone the universal link comes before the custom scheme', () => {
  const both = wallet({ mobile_link: 'rainbow://', webapp_link: 'https://web.example' })
  expect(
    walletConnectLink({ ...both, link_mode: 'https://rnbwapp.example/app' }, URI, true),
  ).toEqual({
    status: 'ok',
    link: {
      kind: 'mobile',
      href: `https://rnbwapp.example/app/wc?uri=${ENCODED}`,
      universal: true,
    },
  })
  // Without one, the scheme; on a desktop neither.
  expect(walletConnectLink(both, URI, true)).toMatchObject({
    link: { href: `rainbow://wc?uri=${ENCODED}`, universal: false },
  })
  expect(
    walletConnectLink({ ...both, link_mode: 'https://rnbwapp.example/app' }, URI, false),
  ).toMatchObject({ link: { kind: 'webapp' } })
})

test('error: links of other shapes are refused (issue 31)', () => {
  const refused = {
    'bare http and https': [
      'http:',
      'https:',
      'https://',
      'http',
      'https:wallet.example',
      'https:/wallet.example',
    ],
    'universal links with a query, a fragment or a backslash': [
      'https://wallet.example/?next=https://evil.example',
      'https://wallet.example/#x',
      'https://wallet.example\\@evil.example',
    ],
    'ms-*': [
      'ms-settings://',
      'ms-word://',
      'ms-officecmd://',
      'ms-appinstaller://',
      'ms-wallet://',
    ],
    'microsoft-*': ['microsoft-edge://', 'microsoft-store://'],
    'itms-*': ['itms://', 'itms-apps://', 'itms-services://', 'itmss://'],
    'vscode*': ['vscode://', 'vscode-insiders://', 'vscode-webview://'],
    'file shares': ['smb://server', 'nfs://server', 'afp://server'],
    'mail, calls, messages': [
      'mailto://',
      'tel://',
      'sms://',
      'mms://',
      'facetime://',
      'callto://',
    ],
    'URL-in-scheme forms': [
      'wallet:https://evil.example',
      'wallet://https://evil.example',
      'wallet://evil.example@x',
      'wallet://%68ttps',
      'wallet://app?next=x',
      'wallet://app#x',
      'x-safari-https://evil.example',
      'googlechrome://evil.example',
      'googlechromes://evil.example',
      'firefox://open-url',
      'opera-http://evil.example',
      'intent://wc#Intent;end',
      'shortcuts://run-shortcut',
    ],
  }
  for (const [what, links] of Object.entries(refused))
    for (const link of links) {
      expect(appLinkShape(link), `${what}: ${link}`).toBeUndefined()
      expect(formatWalletLink(link, URI), `${what}: ${link}`).toBeUndefined()
      expect(walletConnectLink(wallet({ mobile_link: link }), URI, true).status, link).toBe(
        'blocked',
      )
    }
  // Wallets' own schemes and universal links of every accepted shape.
  for (const link of ['metamask://', 'trust://', 'cbwallet://', 'ledgerlive://', 'zerion://app/'])
    expect(appLinkShape(link), link).toEqual({ universal: false })
  for (const link of [
    'https://metamask.app.link',
    'https://link.example/wc',
    'http://127.0.0.1:8/x',
  ])
    expect(appLinkShape(link), link).toEqual({ universal: true })
})

test('args: on a desktop the desktop app, then the web app', () => {
  expect(
    walletConnectLink(wallet({ desktop_link: 'ledgerlive://', mobile_link: 'x://' }), URI, false),
  ).toMatchObject({ status: 'ok', link: { kind: 'desktop' } })
  expect(
    walletConnectLink(wallet({ webapp_link: 'https://app.example' }), URI, false),
  ).toMatchObject({ status: 'ok', link: { kind: 'webapp', universal: true } })
  expect(walletConnectLink(wallet({ mobile_link: 'x://' }), URI, false)).toEqual({
    status: 'none',
  })
})

test('behavior: a wallet without links falls back to the QR code', () => {
  expect(walletConnectLink(wallet({}), URI, true)).toEqual({ status: 'none' })
  expect(walletConnectLink(wallet({ mobile_link: '   ' }), URI, true)).toEqual({ status: 'none' })
})

test('behavior: links run once through window.open; web apps in a new tab', () => {
  const open = vi.spyOn(window, 'open').mockImplementation(() => null)
  // The page's window.open, as embed/ gives it to the kit.
  const windowOpen = (url: string, target: string, features: string) =>
    window.open(url, target, features)
  const app = walletConnectLink(wallet({ mobile_link: 'https://w.example' }), URI, true)
  if (app.status !== 'ok') throw new Error('expected a link')
  expect(openWalletLink(app.link, windowOpen)).toBe(true)
  expect(open).toHaveBeenCalledWith(
    `https://w.example/wc?uri=${ENCODED}`,
    '_self',
    'noreferrer noopener',
  )
  const web = walletConnectLink(wallet({ webapp_link: 'https://web.example' }), URI, true)
  if (web.status !== 'ok') throw new Error('expected a link')
  openWalletLink(web.link, windowOpen)
  expect(open).toHaveBeenLastCalledWith(
    `https://web.example/wc?uri=${ENCODED}`,
    '_blank',
    'noreferrer noopener',
  )
})

test('error: script schemes are blocked before any navigation (SECURITY.md row 12)', () => {
  const open = vi.spyOn(window, 'open').mockImplementation(() => null)
  const assign = vi.fn()
  const href = window.location.href
  const hostile = [
    'javascript:alert(1)//',
    'JavaScript:alert(1)',
    ' \tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'javascript',
    'javascript:',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://evil.example/123',
    'intent://wc#Intent;scheme=wc;package=com.evil;end',
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=wallet',
    'view-source:https://wallet.example',
    'intent',
    'ms-msdt',
    // A pairing URI carries its key: never over plain http, except to this machine.
    'http://wallet.example',
    'http://wallet.example/wc',
    'https://wallet.example@evil.example',
  ]
  for (const link of hostile) {
    expect(formatWalletLink(link, URI), link).toBeUndefined()
    for (const field of ['mobile_link', 'desktop_link', 'webapp_link'] as const) {
      const result = walletConnectLink(wallet({ [field]: link }), URI, field === 'mobile_link')
      if (field === 'webapp_link') {
        expect(walletConnectLink(wallet({ [field]: link }), URI, true).status, link).toBe('blocked')
      } else expect(result.status, `${field} ${link}`).toBe('blocked')
    }
    expect(
      openWalletLink({ kind: 'mobile', href: link, universal: false }, (...args) => {
        assign(...args)
      }),
    ).toBe(false)
  }
  expect(open).not.toHaveBeenCalled()
  expect(assign).not.toHaveBeenCalled()
  expect(window.location.href).toBe(href)
})

test('behavior: plain http universal links only on loopback', () => {
  expect(formatWalletLink('http://127.0.0.1:8080/devnet', URI)).toBe(
    `http://127.0.0.1:8080/devnet/wc?uri=${ENCODED}`,
  )
  expect(formatWalletLink('http://wallet.example', URI)).toBeUndefined()
})

test('behavior: custom wallets go through the same checks (their links are catalogue-shaped)', () => {
  const custom = { mobile_link: 'javascript:alert(1)', desktop_link: null, webapp_link: null }
  expect(walletConnectLink(custom, URI, true)).toEqual({ status: 'blocked', kind: 'mobile' })
  expect(walletConnectLink({ ...custom, mobile_link: 'mywallet://' }, URI, true)).toMatchObject({
    status: 'ok',
    link: { href: `mywallet://wc?uri=${ENCODED}` },
  })
})
