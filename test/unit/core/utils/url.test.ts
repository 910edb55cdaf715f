import { expect, test } from 'vitest'
import { isHttpsUrl, isSafeLink } from '../../../../src/core/utils/url.js'

test('default', () => {
  expect(isSafeLink('https://wallet.example/wc?uri=x')).toBe(true)
  expect(isHttpsUrl('https://etherscan.io/address/0x0')).toBe(true)
})

test('args: deep links and web links are allowed', () => {
  for (const link of [
    'https://app.wallet.example/',
    'http://127.0.0.1:3000/wc',
    'metamask://wc?uri=wc%3Aabc',
    'rainbow://',
    'wc:abc@2?relay-protocol=irn',
    'trust://open_url?url=https%3A%2F%2Fsite.example',
  ])
    expect(isSafeLink(link), link).toBe(true)
})

test('behavior: the five dangerous schemes are blocked (SECURITY 12)', () => {
  for (const link of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://site.example/0b6c1f0e-0000-4000-8000-000000000000',
  ])
    expect(isSafeLink(link), link).toBe(false)
})

test('behavior: upper and mixed case do not get through', () => {
  for (const link of [
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(1)',
    'DaTa:text/html,x',
    'VBScript:x',
    'FILE:///x',
    'BLOB:https://x/y',
  ])
    expect(isSafeLink(link), link).toBe(false)
})

test('behavior: leading whitespace and control characters do not get through', () => {
  for (const link of [
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    '\njavascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001fjavascript:alert(1)',
    '\u007fjavascript:alert(1)',
    '\u0085javascript:alert(1)',
    '  \r\n data:text/html,x',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav\u0000ascript:alert(1)',
  ])
    expect(isSafeLink(link), JSON.stringify(link)).toBe(false)
})

test('behavior: relative, empty, non-string and very long values are refused', () => {
  for (const value of [
    '',
    '/path',
    'wallet.example',
    '//evil.example',
    undefined,
    null,
    1,
    {},
    ['https://x'],
  ])
    expect(isSafeLink(value), JSON.stringify(value)).toBe(false)
  expect(isSafeLink(`https://x.example/${'a'.repeat(2048)}`)).toBe(false)
  expect(isSafeLink(`https://x.example/${'a'.repeat(2000)}`)).toBe(true)
})

test('behavior: isHttpsUrl accepts only absolute https URLs (SECURITY 13)', () => {
  expect(isHttpsUrl('HTTPS://EXPLORER.EXAMPLE/tx/0x1')).toBe(true)
  for (const value of [
    'http://explorer.example/tx/0x1',
    'javascript:alert(1)',
    'data:text/html,x',
    '//explorer.example',
    '/tx/0x1',
    'https//explorer.example',
    'ftp://explorer.example',
    'wss://relay.example',
    '',
    undefined,
    42,
  ])
    expect(isHttpsUrl(value), String(value)).toBe(false)
})

test('behavior: an allowlist: known-dangerous handlers are refused, whatever the case (SECURITY 12)', () => {
  for (const link of [
    'intent://scan/#Intent;scheme=zxing;package=com.evil;end',
    'INTENT://x',
    'ms-msdt:/id PCWDiagnostic /skip force',
    'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
    'search:query=x',
    'view-source:https://site.example',
    'filesystem:https://site.example/temporary/x',
    'about:blank',
    'chrome://settings',
    'ms-officecmd:{"id":1}',
    'ms-word:ofe|u|https://evil.example/a.docx',
    'ms-appinstaller:?source=https://evil.example/a.appx',
    'ftp://evil.example/wallet',
    'wss://relay.example',
    'livescript:x',
  ])
    expect(isSafeLink(link), link).toBe(false)
})

test('behavior: plain http only on loopback, so a pairing key never travels in clear text', () => {
  for (const link of ['http://127.0.0.1:3000/wc', 'http://localhost/wc', 'http://127.8.9.1/wc'])
    expect(isSafeLink(link), link).toBe(true)
  for (const link of [
    'http://wallet.example/wc?uri=wc%3Aabc',
    'http://10.0.0.1/wc',
    'http://127.0.0.1.evil.example/wc',
    'http://localhost.evil.example/wc',
  ])
    expect(isSafeLink(link), link).toBe(false)
})

test('behavior: web links with a user name or password are refused', () => {
  for (const link of [
    'https://metamask.io@evil.example/wc',
    'https://user:pass@wallet.example/',
    'http://127.0.0.1@evil.example/',
  ])
    expect(isSafeLink(link), link).toBe(false)
  expect(isHttpsUrl('https://explorer.example@evil.example/tx')).toBe(false)
})

test('behavior: whitespace or control characters anywhere refuse a link', () => {
  for (const link of ['metamask://wc?uri=a b', 'https://wallet.example/\u0000', 'rainbow:// '])
    expect(isSafeLink(link), JSON.stringify(link)).toBe(false)
})
