import { signal } from '@preact/signals-core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  PAIRING_AUTO_RENEW_MAX_COUNT,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PREPARED_PAIRING_INTERVAL_MS,
} from '../../../../src/core/constants.js'
import {
  createPhonePairing,
  PENDING_PAIRING_KEY,
  type PhonePairingParameters,
} from '../../../../src/core/phone/controller.js'
import type { PairingPreparer, PreparedPairing } from '../../../../src/core/phone/ports.js'
import type { WalletEntry } from '../../../../src/core/types/wallet.js'
import { createSafeStorage } from '../../../../src/core/utils/storage.js'

const MINUTE = 60_000

const wallet = (links: Partial<WalletEntry> = {}): WalletEntry =>
  Object.freeze({
    id: 'w1',
    name: 'Wallet One',
    image_id: null,
    image_url: null,
    homepage: null,
    rdns: null,
    mobile_link: 'one://',
    link_mode: 'https://one.example/app',
    desktop_link: null,
    webapp_link: null,
    chrome_store: null,
    badge_type: 'none',
    chains: ['eip155:1'],
    supports_wc: true,
    injected: [],
    ...links,
  })

/** A preparer whose proposals the test answers: their URI, then the wallet's answer. */
function fakePreparer() {
  const made: {
    pairing: PreparedPairing
    giveUri(uri?: string): void
    approve(): void
    decline(): void
  }[] = []
  const adopted: PreparedPairing[] = []
  const preparer: PairingPreparer = {
    propose() {
      let giveUri: (uri: string) => void = () => undefined
      let approve: () => void = () => undefined
      let decline: (error: Error) => void = () => undefined
      const uri = new Promise<string>((resolve) => {
        giveUri = resolve
      })
      const approved = new Promise<void>((resolve, reject) => {
        approve = resolve
        decline = reject
      })
      approved.catch(() => undefined)
      const pairing = { uri, approved, createdAt: Date.now() }
      const n = made.length + 1
      made.push({
        pairing,
        giveUri: (
          value = `wc:${'0'.repeat(63)}${n}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`,
        ) => giveUri(value),
        approve,
        decline: () => decline(new Error('declined')),
      })
      return pairing
    },
    adopt(pairing) {
      adopted.push(pairing)
    },
    awaitSession: vi.fn(async () => true),
  }
  return { preparer, made, adopted }
}

function setup(overrides: Partial<PhonePairingParameters> = {}) {
  const listsShown = signal(false)
  const hidden = signal(false)
  const visibilityListeners = new Set<() => void>()
  const storage = createSafeStorage(() => localStorage)
  const opened: string[][] = []
  const fake = fakePreparer()
  const phone = createPhonePairing({
    preparer: () => fake.preparer,
    isPhone: () => true,
    reusePairing: () => false,
    listsShown,
    afterPaint: (task) => task(),
    storage,
    visibility: {
      hidden: () => hidden.value,
      subscribe(listener) {
        visibilityListeners.add(listener)
        return () => visibilityListeners.delete(listener)
      },
    },
    open: (...args) => {
      opened.push(args)
    },
    ...overrides,
  })
  const setHidden = (value: boolean) => {
    hidden.value = value
    for (const listener of visibilityListeners) listener()
  }
  return { phone, listsShown, setHidden, storage, opened, ...fake }
}

/** Lets the promise callbacks of answered proposals run. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
})

test('default', async () => {
  const { phone, listsShown, made, adopted, opened, storage } = setup()
  expect(made).toHaveLength(0)
  listsShown.value = true
  expect(made).toHaveLength(1)
  made[0]?.giveUri()
  await settle()
  const uri = phone.uri.value as string
  expect(uri).toMatch(/^wc:/)

  // The tap opens the wallet's universal link at once, in this tab, with the prepared URI.
  expect(phone.openInTap(wallet())).toBe(true)
  expect(opened).toEqual([
    [`https://one.example/app/wc?uri=${encodeURIComponent(uri)}`, '_self', 'noreferrer noopener'],
  ])
  expect(adopted).toEqual([made[0]?.pairing])
  expect(phone.opened.value).toEqual({ walletId: 'w1', uri })
  // A reload while the visitor is in the wallet waits for this pairing's session.
  expect(storage.get(PENDING_PAIRING_KEY, (_: unknown): _ is unknown => true)).toEqual({
    at: made[0]?.pairing.createdAt,
    walletId: 'w1',
  })
})

test('behavior: nothing is proposed before the lists show in the open modal, nor in the frame that shows them', () => {
  const tasks: (() => void)[] = []
  const { listsShown, made } = setup({ afterPaint: (task) => tasks.push(task) })
  vi.advanceTimersByTime(10 * MINUTE)
  expect(made).toHaveLength(0)
  listsShown.value = true
  expect(made, 'not in the frame that opens the modal').toHaveLength(0)
  tasks.shift()?.()
  expect(made).toHaveLength(1)
})

test('behavior: not on a phone, or without WalletConnect, nothing is proposed and the tap opens nothing', async () => {
  for (const overrides of [{ isPhone: () => false }, { preparer: () => undefined }]) {
    const { phone, listsShown, made, opened } = setup(overrides)
    listsShown.value = true
    await settle()
    expect(made).toHaveLength(0)
    expect(phone.openInTap(wallet())).toBe(false)
    expect(opened).toEqual([])
  }
})

test('behavior: at most one pairing per five minutes while the lists stay on screen', async () => {
  const { listsShown, made } = setup()
  listsShown.value = true
  const times: number[] = []
  for (let minute = 0; minute < 60; minute++) {
    for (const m of made.slice(times.length)) {
      times.push(m.pairing.createdAt)
      m.giveUri()
    }
    await vi.advanceTimersByTimeAsync(MINUTE)
  }
  for (let i = 1; i < times.length; i++)
    expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(
      PREPARED_PAIRING_INTERVAL_MS,
    )
  // And a bounded number in all: the first and PAIRING_AUTO_RENEW_MAX_COUNT renewals.
  expect(made).toHaveLength(PAIRING_AUTO_RENEW_MAX_COUNT + 1)
})

test('behavior: an expiring pairing is dropped 10 s before its end and renewed after the interval', async () => {
  const { phone, listsShown, made, opened } = setup()
  listsShown.value = true
  made[0]?.giveUri()
  await settle()
  await vi.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1)
  expect(phone.uri.value).toBeDefined()
  await vi.advanceTimersByTimeAsync(1)
  // Counts as expired: a tap now opens nothing (the view's button will, once a link exists).
  expect(phone.uri.value).toBeUndefined()
  expect(phone.openInTap(wallet())).toBe(false)
  expect(opened).toEqual([])
  expect(made).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(
    PREPARED_PAIRING_INTERVAL_MS - PAIRING_LIFETIME_MS + PAIRING_EXPIRY_MARGIN_MS,
  )
  expect(made).toHaveLength(2)
  made[1]?.giveUri()
  await settle()
  expect(phone.openInTap(wallet())).toBe(true)
})

test('behavior: a hidden page proposes nothing; shown again, the lists get their pairing', async () => {
  const { listsShown, setHidden, made } = setup()
  setHidden(true)
  listsShown.value = true
  expect(made).toHaveLength(0)
  setHidden(false)
  expect(made).toHaveLength(1)
})

test('behavior: a tap before the URI came adopts the pairing and opens nothing', async () => {
  const { phone, listsShown, made, adopted, opened } = setup()
  listsShown.value = true
  expect(phone.openInTap(wallet())).toBe(false)
  expect(adopted).toEqual([made[0]?.pairing])
  made[0]?.giveUri()
  await settle()
  expect(opened, 'the URI arriving opens nothing by itself').toEqual([])
})

test('behavior: a pairing opened in a wallet is reused on iOS Safari and in Telegram only', async () => {
  for (const reuse of [true, false]) {
    const { phone, listsShown, made } = setup({ reusePairing: () => reuse })
    listsShown.value = true
    made[0]?.giveUri()
    await settle()
    expect(phone.openInTap(wallet())).toBe(true)
    // The visitor comes back to the lists.
    listsShown.value = false
    listsShown.value = true
    await settle()
    expect(made, `reuse: ${reuse}`).toHaveLength(reuse ? 1 : 2)
  }
})

test('behavior: a pairing that ended serves no other tap; the pending record goes with it', async () => {
  const { phone, listsShown, made, storage } = setup()
  listsShown.value = true
  made[0]?.giveUri()
  await settle()
  phone.openInTap(wallet())
  made[0]?.decline()
  await settle()
  expect(phone.uri.value).toBeUndefined()
  expect(phone.opened.value).toBeUndefined()
  expect(storage.get(PENDING_PAIRING_KEY, (_: unknown): _ is unknown => true)).toBeUndefined()
  expect(phone.openInTap(wallet())).toBe(false)
})

test('error: a link of a refused shape is never opened', async () => {
  const { phone, listsShown, made, opened } = setup()
  listsShown.value = true
  made[0]?.giveUri()
  await settle()
  for (const links of [
    { link_mode: 'javascript:alert(1)' },
    { link_mode: null, mobile_link: 'ms-settings://' },
    { link_mode: null, mobile_link: null },
  ])
    expect(phone.openInTap(wallet(links))).toBe(false)
  expect(opened).toEqual([])
})

test('behavior: destroy stops the renewals', async () => {
  const { phone, listsShown, made } = setup()
  listsShown.value = true
  made[0]?.giveUri()
  await settle()
  phone.destroy()
  await vi.advanceTimersByTimeAsync(30 * MINUTE)
  expect(made).toHaveLength(1)
})
