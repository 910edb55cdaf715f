// @vitest-environment node
import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { generateWallet } from '../fixtures/wallet-generator'
import {
  CHAINS,
  DEVNET_WALLET_RDNS,
  PUBLIC_CATALOGUE_IDS,
  SCRIPTED_SVG,
  specialWallets,
  walletById,
  walletImageOverrides,
  wallets,
} from '../fixtures/wallets'
import { initials } from './catalog/images'

const share = (predicate: (w: (typeof wallets)[number]) => boolean) =>
  wallets.filter(predicate).length / wallets.length

test('default', () => {
  expect(wallets.length).toBeGreaterThanOrEqual(150)
  expect(wallets.map((w) => w.order)).toEqual(wallets.map((_, i) => i + 1))
  for (const w of wallets) {
    if (PUBLIC_CATALOGUE_IDS.has(w.id)) expect(w.id).toMatch(/^[0-9a-f]{64}$/)
    else expect(w.id).toBe(createHash('sha256').update(w.name).digest('hex'))
    expect(w.image_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(Object.keys(w).sort()).toEqual([
      'app_store',
      'badge_type',
      'chains',
      'chrome_store',
      'desktop_link',
      'homepage',
      'id',
      'image_id',
      'injected',
      'link_mode',
      'mobile_link',
      'name',
      'order',
      'play_store',
      'rdns',
      'supports_wc',
      'webapp_link',
    ])
    expect(w.chains.length).toBeGreaterThan(0)
  }
  for (const key of ['id', 'name', 'image_id'] as const) {
    expect(new Set(wallets.map((w) => w[key])).size, key).toBe(wallets.length)
  }
})

test('behavior: deterministic', () => {
  const again = generateWallet('Aurora', 3, true)
  expect(again).toEqual(generateWallet('Aurora', 3, true))
  expect(wallets.find((w) => w.name === 'Aurora')).toEqual(again)
  expect(walletById(specialWallets.devnet.id)).toBe(specialWallets.devnet)
  expect(walletById('0'.repeat(64))).toBeUndefined()
})

test('behavior: a realistic spread of chains, badges and links', () => {
  expect(share((w) => w.chains.some((c) => c.startsWith('eip155:')))).toBeGreaterThan(0.8)
  expect(share((w) => w.chains.includes(CHAINS.mainnet))).toBeGreaterThan(0.8)
  expect(share((w) => w.chains.includes(CHAINS.devnetA))).toBeGreaterThan(0.6)
  expect(share((w) => w.chains.includes(CHAINS.devnetB))).toBeGreaterThan(0.5)
  expect(share((w) => !w.chains.includes(CHAINS.devnetA))).toBeGreaterThan(0.05)
  expect(share((w) => w.chains.some((c) => c.startsWith('solana:')))).toBeGreaterThan(0.15)
  expect(share((w) => w.chains.every((c) => c.startsWith('solana:')))).toBeGreaterThan(0.03)
  expect(share((w) => w.badge_type === 'certified')).toBeGreaterThan(0.25)
  expect(share((w) => w.badge_type === 'certified')).toBeLessThan(0.35)
  expect(share((w) => w.mobile_link?.startsWith('https://') ?? false)).toBeGreaterThan(0.15)
  expect(share((w) => /^[a-z0-9-]+:\/\/$/.test(w.mobile_link ?? ''))).toBeGreaterThan(0.15)
  expect(share((w) => w.mobile_link === null)).toBeGreaterThan(0.15)
  for (const key of ['desktop_link', 'webapp_link', 'rdns'] as const) {
    expect(
      share((w) => w[key] !== null),
      key,
    ).toBeGreaterThan(0.1)
    expect(
      share((w) => w[key] === null),
      key,
    ).toBeGreaterThan(0.3)
  }
  // Links only point at reserved example domains or the project's own test hosts.
  for (const w of wallets) {
    for (const link of [w.mobile_link, w.webapp_link, w.homepage]) {
      if (link?.startsWith('https://'))
        expect(new URL(link).hostname).toMatch(/\.example$|^127\.0\.0\.1$/)
    }
  }
})

test('behavior: the test wallets', () => {
  const { devnet, devnetMobile } = specialWallets
  expect(devnet).toMatchObject({
    name: 'Devnet Wallet',
    rdns: DEVNET_WALLET_RDNS,
    injected: [{ namespace: 'eip155', injected_id: 'dev.walletkit.devnet' }],
  })
  expect(devnetMobile).toMatchObject({
    name: 'Devnet Mobile',
    rdns: null,
    injected: null,
    supports_wc: true,
  })
  // A custom scheme and a universal link, as most wallets have; the stack serves the latter.
  expect(devnetMobile.mobile_link).toBe('devnetmobile://')
  expect(devnetMobile.link_mode).toMatch(/^https:\/\/127\.0\.0\.1\/devnet-mobile\/wc$/)
  for (const w of [devnet, devnetMobile]) {
    expect(w.chains).toEqual(
      expect.arrayContaining([CHAINS.mainnet, CHAINS.devnetA, CHAINS.devnetB]),
    )
  }
})

test('behavior: the hostile wallets', () => {
  const { javascriptLink, htmlName, bidiName, scriptedSvg } = specialWallets
  expect(javascriptLink.mobile_link).toBe('javascript:alert(1)//')
  expect(javascriptLink.desktop_link).toMatch(/^data:/)
  expect(javascriptLink.webapp_link).toMatch(/^vbscript:/)
  expect(htmlName.name).toContain('<img src=x onerror=alert(1)>')
  expect(bidiName.name).toContain('\u202E')
  expect(walletImageOverrides.get(scriptedSvg.image_id)).toBe(SCRIPTED_SVG)
  expect(SCRIPTED_SVG).toMatch(/^<svg [^>]*><script>.*<\/script>.*<\/svg>$/)
  // All of them show in the first page of a list filtered to the devnet chain.
  for (const w of [javascriptLink, htmlName, bidiName, scriptedSvg]) {
    expect(w.order).toBeLessThanOrEqual(40)
    expect(w.chains).toContain(CHAINS.devnetA)
  }
})

test('behavior: image initials skip markup and control characters', () => {
  expect(initials(specialWallets.htmlName.name)).toBe('EI')
  expect(initials(specialWallets.bidiName.name)).toBe('SG')
  expect(initials('rainbow')).toBe('RA')
  expect(initials('<>&')).toBe('?')
})
