import { effect, signal } from '@preact/signals-core'
import { afterEach, expect, test } from 'vitest'
import {
  type AnnouncedWallet,
  checkIcon,
  createEip6963Discovery,
  MAX_ANNOUNCED_PROVIDERS,
  MAX_ICON_LENGTH,
  MAX_KEPT_PROVIDERS,
  MAX_PER_KNOWN_RDNS,
  MAX_UNREAD,
} from '../../../../src/connectors/injected/discovery.js'
import type { Eip1193Provider } from '../../../../src/connectors/injected/eip1193.js'

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

const provider = (): Eip1193Provider => ({ request: async () => null })

/** Test labels as UUIDs (announced uuids must be UUIDs), and back. */
const uuids = new Map<string, string>()
const labels = new Map<string, string>()
const U = (label: string): string => {
  let uuid = uuids.get(label)
  if (!uuid) {
    uuid = `00000000-0000-4000-8000-${(uuids.size + 1).toString(16).padStart(12, '0')}`
    uuids.set(label, uuid)
    labels.set(uuid, label)
  }
  return uuid
}
const L = (uuid: string | undefined) => (uuid && labels.get(uuid)) ?? uuid

type Info = { uuid?: unknown; name?: unknown; icon?: unknown; rdns?: unknown }
const info = (label: string, more: Info = {}): Info => ({
  uuid: label ? U(label) : label,
  name: 'Devnet Wallet',
  icon: ICON,
  rdns: 'dev.walletkit.devnet',
  ...more,
})

function announce(detail: unknown) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

/** One task: the next timer turn. */
const task = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Lets a burst be read (the task after it) and applied (the task after that). */
const tick = async () => {
  await task()
  await task()
}

const started: ReturnType<typeof createEip6963Discovery>[] = []
function start(known?: (rdns: string) => boolean) {
  const discovery = createEip6963Discovery(window, known)
  started.push(discovery)
  return discovery
}
afterEach(() => {
  for (const d of started.splice(0)) d.destroy()
})

const only = (list: readonly AnnouncedWallet[]) => {
  expect(list).toHaveLength(1)
  return list[0] as AnnouncedWallet
}

test('default', async () => {
  let requests = 0
  const p = provider()
  const answer = () => announce({ info: info('a1'), provider: p })
  window.addEventListener('eip6963:requestProvider', answer)
  const onRequest = () => requests++
  window.addEventListener('eip6963:requestProvider', onRequest)
  try {
    const discovery = start()
    expect(requests).toBe(1)
    // Applied in one batch after the current task's announcements.
    expect(discovery.wallets.value).toEqual([])
    await tick()
    const wallet = only(discovery.wallets.value)
    expect(wallet).toEqual({
      key: U('a1'),
      uuid: U('a1'),
      name: 'Devnet Wallet',
      icon: ICON,
      rdns: 'dev.walletkit.devnet',
      provider: p,
      flags: {},
    })
    expect(wallet.provider).toBe(p)
    expect(Object.isFrozen(wallet)).toBe(true)
    discovery.request()
    expect(requests).toBe(2)
  } finally {
    window.removeEventListener('eip6963:requestProvider', answer)
    window.removeEventListener('eip6963:requestProvider', onRequest)
  }
})

test('args: icons are kept only as bounded data: URIs of image types (SECURITY 9)', async () => {
  const cases: [string, unknown, boolean][] = [
    ['svg data URI', ICON, true],
    ['png data URI', 'data:image/png;base64,iVBORw0KGgo=', true],
    ['webp with charset', 'data:image/webp;charset=utf-8;base64,UklGRg==', true],
    ['https URL', 'https://evil.example/icon.png', false],
    ['http URL', 'http://evil.example/icon.png', false],
    ['html data URI', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', false],
    ['javascript: URL', 'javascript:alert(1)', false],
    ['svg without payload separator', 'data:image/svg+xml;base64', false],
    ['leading space', ` ${ICON}`, false],
    ['5 MB data URI', `data:image/png;base64,${'A'.repeat(5 * 1024 * 1024)}`, false],
    ['not a string', 42, false],
    ['missing', undefined, false],
  ]
  const discovery = start()
  cases.forEach(([, icon], i) => {
    announce({ info: info(`icon-${i}`, { icon, name: `Wallet ${i}` }), provider: provider() })
  })
  await tick()
  const icons = discovery.wallets.value.map((w) => w.icon)
  expect(icons).toHaveLength(cases.length)
  cases.forEach(([label, icon, kept], i) => {
    expect(icons[i], label).toBe(kept ? icon : undefined)
  })
})

test('args: checkIcon accepts an icon of exactly MAX_ICON_LENGTH characters, not one more', () => {
  const prefix = 'data:image/png;base64,'
  const exact = prefix + 'A'.repeat(MAX_ICON_LENGTH - prefix.length)
  expect(checkIcon(exact)).toBe(exact)
  expect(checkIcon(`${exact}A`)).toBeUndefined()
})

test('args: names are cleaned of bidi overrides and cut to 40 characters (SECURITY 9)', async () => {
  const discovery = start()
  announce({ info: info('n1', { name: 'Safe\u202Egpj.exe' }), provider: provider() })
  announce({ info: info('n2', { name: `\u202E${'W'.repeat(10_000)}` }), provider: provider() })
  announce({ info: info('n3', { name: '\u202E\u2066  ' }), provider: provider() })
  announce({ info: info('n4', { name: 42 }), provider: provider() })
  await tick()
  const names = discovery.wallets.value.map((w) => w.name)
  expect(names[0]).toBe('Safegpj.exe')
  expect(names[1]).toBe(`${'W'.repeat(39)}…`)
  expect(Array.from(names[1] ?? '')).toHaveLength(40)
  expect(names.slice(2)).toEqual(['Unknown wallet', 'Unknown wallet'])
})

test('args: an rdns that is not a lowercase reverse domain is dropped', async () => {
  const discovery = start()
  const rdnses = ['io.metamask', 'IO.METAMASK', 'metamask', 'javascript:alert(1)', 7]
  rdnses.forEach((rdns, i) => {
    announce({ info: info(`r${i}`, { rdns, name: `W${i}` }), provider: provider() })
  })
  await tick()
  expect(discovery.wallets.value.map((w) => w.rdns)).toEqual([
    'io.metamask',
    undefined,
    undefined,
    undefined,
    undefined,
  ])
})

test('behavior: two wallets with the same name are both listed and marked (SECURITY 10)', async () => {
  const discovery = start()
  announce({ info: info('real', { rdns: 'io.metamask', name: 'MetaMask' }), provider: provider() })
  announce({
    info: info('fake', { rdns: 'evil.example', name: 'metamask ' }),
    provider: provider(),
  })
  announce({ info: info('other', { rdns: 'io.rabby', name: 'Rabby' }), provider: provider() })
  await tick()
  expect(discovery.wallets.value.map((w) => [L(w.uuid), w.name, w.flags])).toEqual([
    ['real', 'MetaMask', { duplicateName: true }],
    ['fake', 'metamask', { duplicateName: true }],
    ['other', 'Rabby', {}],
  ])
})

test('behavior: two wallets with the same rdns are both listed and marked (SECURITY 10)', async () => {
  const discovery = start()
  announce({ info: info('real', { name: 'MetaMask', rdns: 'io.metamask' }), provider: provider() })
  announce({
    info: info('fake', { name: 'Free Money', rdns: 'io.metamask' }),
    provider: provider(),
  })
  await tick()
  expect(discovery.wallets.value.map((w) => [L(w.uuid), w.flags])).toEqual([
    ['real', { duplicateRdns: true }],
    ['fake', { duplicateRdns: true }],
  ])
  for (const w of discovery.wallets.value) expect(Object.isFrozen(w)).toBe(true)
})

test('behavior: a late twin marks the wallet announced earlier', async () => {
  const discovery = start()
  announce({ info: info('first'), provider: provider() })
  await tick()
  const before = only(discovery.wallets.value)
  expect(before.flags).toEqual({})
  announce({ info: info('second'), provider: provider() })
  await tick()
  const [first, second] = discovery.wallets.value
  expect(L(first?.uuid)).toBe('first')
  expect(first?.flags).toEqual({ duplicateName: true, duplicateRdns: true })
  expect(second?.flags).toEqual({ duplicateName: true, duplicateRdns: true })
  // The first entry was replaced, not mutated.
  expect(before.flags).toEqual({})
})

test('behavior: the same uuid and provider announced again is listed once', async () => {
  const discovery = start()
  const p = provider()
  announce({ info: info('same'), provider: p })
  announce({ info: info('same'), provider: p })
  await tick()
  announce({ info: info('same', { name: 'Renamed' }), provider: p })
  await tick()
  expect(only(discovery.wallets.value).name).toBe('Devnet Wallet')
})

test('behavior: a uuid reused by another provider keeps both and flags every one of them (SECURITY 10)', async () => {
  const discovery = start()
  const real = provider()
  const impostor = provider()
  const third = provider()
  announce({ info: info('u', { name: 'Real' }), provider: real })
  announce({ info: info('u', { name: 'Impostor', rdns: 'evil.example' }), provider: impostor })
  announce({ info: info('u', { name: 'Third', rdns: 'third.example' }), provider: third })
  await tick()
  const u = U('u')
  expect(discovery.wallets.value.map((w) => [w.key, L(w.uuid), w.name, w.flags])).toEqual([
    [u, 'u', 'Real', { uuidCollision: true }],
    [`${u}#2`, 'u', 'Impostor', { uuidCollision: true }],
    [`${u}#3`, 'u', 'Third', { uuidCollision: true }],
  ])
  expect(discovery.wallets.value.map((w) => w.provider)).toEqual([real, impostor, third])
})

test('behavior: 1 000 announcements in one burst make one update in a later task, deduped and bounded (SECURITY 11)', async () => {
  const discovery = start()
  let runs = 0
  const stop = effect(() => {
    void discovery.wallets.value
    runs++
  })
  try {
    const providers = Array.from({ length: 20 }, provider)
    for (let i = 0; i < 1000; i++) {
      const n = i % 20
      announce({ info: info(`uuid-${n}`, { name: `Wallet ${n}` }), provider: providers[n] })
    }
    expect(runs).toBe(1)
    // Not in the burst's task, not even in its microtasks, nor in the task that reads it: in the
    // task after that.
    await Promise.resolve()
    await Promise.resolve()
    expect(runs).toBe(1)
    await task()
    expect(runs).toBe(1)
    await task()
    expect(runs).toBe(2)
    const listed = discovery.wallets.value.map((w) => L(w.uuid))
    expect(listed).toHaveLength(20)
    expect(new Set(listed)).toEqual(new Set(providers.map((_, n) => `uuid-${n}`)))
  } finally {
    stop()
  }
})

test('behavior: at most MAX_ANNOUNCED_PROVIDERS distinct providers are listed (SECURITY 11)', async () => {
  const discovery = start()
  for (let n = 0; n < 1000; n++)
    announce({ info: info(`flood-${n}`, { name: `Flood ${n}` }), provider: provider() })
  await tick()
  const listed = discovery.wallets.value.map((w) => L(w.uuid))
  expect(MAX_ANNOUNCED_PROVIDERS).toBe(32)
  expect(listed).toEqual(Array.from({ length: 32 }, (_, n) => `flood-${n}`))
})

test('behavior: a late announcement appears in the list', async () => {
  const discovery = start()
  announce({ info: info('early', { name: 'Early', rdns: 'early.example' }), provider: provider() })
  await tick()
  expect(discovery.wallets.value.map((w) => w.name)).toEqual(['Early'])
  announce({ info: info('late', { name: 'Late', rdns: 'late.example' }), provider: provider() })
  await tick()
  expect(discovery.wallets.value.map((w) => w.name)).toEqual(['Early', 'Late'])
})

test('behavior: flush() applies pending announcements at once', () => {
  const discovery = start()
  announce({ info: info('now'), provider: provider() })
  expect(discovery.wallets.value).toEqual([])
  discovery.flush()
  expect(discovery.wallets.value.map((w) => L(w.uuid))).toEqual(['now'])
})

test('behavior: destroy() stops listening', async () => {
  const discovery = start()
  announce({ info: info('before'), provider: provider() })
  await tick()
  discovery.destroy()
  announce({ info: info('after', { name: 'After', rdns: 'after.example' }), provider: provider() })
  await tick()
  expect(discovery.wallets.value.map((w) => L(w.uuid))).toEqual(['before'])
})

test('error: malformed announcements are ignored', async () => {
  const discovery = start()
  const ok = provider()
  const malformed: unknown[] = [
    null,
    'text',
    42,
    {},
    { info: info('no-provider') },
    { info: info('null-provider'), provider: null },
    { info: info('no-request'), provider: {} },
    { info: info('request-not-a-function'), provider: { request: 'eth_accounts' } },
    { info: null, provider: ok },
    { info: 'info', provider: ok },
    { info: info(''), provider: ok },
    { info: { ...info('x'), uuid: 7 }, provider: ok },
    { info: { ...info('x'), uuid: 'u'.repeat(36) }, provider: ok },
    { info: { ...info('x'), uuid: 'not-a-uuid' }, provider: ok },
    { info: { ...info('x'), uuid: `${U('x')} ` }, provider: ok },
    { info: { ...info('x'), uuid: `{${U('x')}}` }, provider: ok },
  ]
  for (const detail of malformed) announce(detail)
  announce({ info: { ...info('ok'), uuid: U('ok').toUpperCase() }, provider: ok })
  await tick()
  // A UUID in capitals is the same UUID.
  expect(L(only(discovery.wallets.value).uuid)).toBe('ok')
})

test('behavior: each field is read once, so a getter cannot pass the checks and then change', async () => {
  const discovery = start()
  const reads: Record<string, number> = {}
  const counted = <T>(key: string, first: T, later: unknown) => ({
    get() {
      reads[key] = (reads[key] ?? 0) + 1
      return reads[key] === 1 ? first : later
    },
    enumerable: true,
  })
  const shifty = Object.defineProperties(
    {},
    {
      uuid: counted('uuid', U('shifty'), 'not-a-uuid'),
      name: counted('name', 'Honest Wallet', 'MetaMask'),
      icon: counted('icon', ICON, 'javascript:alert(1)'),
      rdns: counted('rdns', 'honest.example', 'io.metamask'),
    },
  )
  const detail = Object.defineProperties(
    {},
    {
      info: counted('info', shifty, info('other')),
      provider: counted('provider', provider(), {}),
    },
  )
  announce(detail)
  // A getter that throws drops the announcement, nothing else.
  announce(
    Object.defineProperty({}, 'info', {
      get: () => {
        throw new Error('boom')
      },
    }),
  )
  await tick()
  const wallet = only(discovery.wallets.value)
  expect([L(wallet.uuid), wallet.name, wallet.icon, wallet.rdns]).toEqual([
    'shifty',
    'Honest Wallet',
    ICON,
    'honest.example',
  ])
  expect(reads).toEqual({ info: 1, provider: 1, uuid: 1, name: 1, icon: 1, rdns: 1 })
})

test('behavior: a Proxy detail is read once per field too', async () => {
  const discovery = start()
  let reads = 0
  const target = info('proxied', { name: 'Proxied' })
  const proxied = new Proxy(target, {
    get(t, key) {
      reads++
      return key === 'name' && reads > 4 ? 'MetaMask' : Reflect.get(t, key)
    },
  })
  announce({ info: proxied, provider: provider() })
  await tick()
  expect(only(discovery.wallets.value).name).toBe('Proxied')
  expect(reads).toBe(4)
})

test('behavior: look-alike names are marked after NFKC and a confusables fold', async () => {
  const discovery = start()
  announce({ info: info('real', { name: 'MetaMask', rdns: 'io.metamask' }), provider: provider() })
  // A Cyrillic "а" in place of the Latin "a".
  announce({
    info: info('cyrillic', { name: 'MetaM\u0430sk', rdns: 'a.example' }),
    provider: provider(),
  })
  // Full-width letters (NFKC folds them), Greek omicron, "rn" for "m".
  announce({
    info: info('wide', { name: '\uFF2Detamask', rdns: 'b.example' }),
    provider: provider(),
  })
  announce({ info: info('rabby', { name: 'Rabby', rdns: 'io.rabby' }), provider: provider() })
  announce({ info: info('greek', { name: 'R\u03BFbby', rdns: 'c.example' }), provider: provider() })
  announce({ info: info('rn', { name: 'Metarnask', rdns: 'd.example' }), provider: provider() })
  await tick()
  expect(
    discovery.wallets.value.map((w) => [L(w.uuid), !!w.flags.duplicateName, !!w.flags.lookalike]),
  ).toEqual([
    ['real', true, false],
    ['cyrillic', true, true],
    ['wide', true, true],
    ['rabby', false, false],
    ['greek', false, true],
    ['rn', true, true],
  ])
})

test('behavior: a Latin name with one Cyrillic letter is marked even alone; one in a single script is not', async () => {
  const discovery = start()
  announce({
    info: info('alone', { name: 'Ph\u0430ntom', rdns: 'a.example' }),
    provider: provider(),
  })
  announce({
    info: info('russian', {
      name: '\u041a\u043e\u0448\u0435\u043b\u0451\u043a',
      rdns: 'b.example',
    }),
    provider: provider(),
  })
  await tick()
  expect(discovery.wallets.value.map((w) => [L(w.uuid), !!w.flags.lookalike])).toEqual([
    ['alone', true],
    ['russian', false],
  ])
})

test('behavior: a look-alike name hiding a zero-width character is marked', async () => {
  const discovery = start()
  announce({ info: info('real', { name: 'MetaMask', rdns: 'io.metamask' }), provider: provider() })
  announce({
    info: info('fake', { name: 'Meta\u200BMask', rdns: 'evil.example' }),
    provider: provider(),
  })
  await tick()
  expect(discovery.wallets.value.map((w) => w.flags.duplicateName)).toEqual([true, true])
})

test('behavior: invisible letters cannot hide a look-alike: "MetaMask\\u3164" beside MetaMask (SECURITY 10)', async () => {
  const hidden = [
    ['Hangul filler', '\u3164'],
    ['Hangul choseong filler', '\u115F'],
    ['Hangul jungseong filler', '\u1160'],
    ['halfwidth Hangul filler', '\uFFA0'],
    ['braille blank', '\u2800'],
    ['tag letter', '\u{E004D}'],
    ['cancel tag', '\u{E007F}'],
    ['variation selector', '\uFE0F'],
    ['combining grapheme joiner', '\u034F'],
    ['Khmer vowel inherent', '\u17B4'],
    ['shorthand format control', '\u{1BCA1}'],
    ['musical symbol begin beam', '\u{1D173}'],
    ['a tab', '\t'],
  ]
  for (const [label, c] of hidden) {
    const discovery = start()
    announce({
      info: info(`real ${label}`, { name: 'MetaMask', rdns: 'io.metamask' }),
      provider: provider(),
    })
    announce({
      info: info(`fake ${label}`, { name: `Meta${c}Mask${c}`, rdns: 'evil.example' }),
      provider: provider(),
    })
    await tick()
    expect(
      discovery.wallets.value.map((w) => [w.name, w.flags]),
      label,
    ).toEqual([
      ['MetaMask', { duplicateName: true }],
      ['MetaMask', { duplicateName: true, hiddenCharacters: true }],
    ])
    discovery.destroy()
  }
})

test('behavior: a name that had invisible letters is marked even alone', async () => {
  const discovery = start()
  announce({
    info: info('alone', { name: 'Wallet\u3164', rdns: 'a.example' }),
    provider: provider(),
  })
  announce({ info: info('plain', { name: 'Plain', rdns: 'b.example' }), provider: provider() })
  await tick()
  expect(discovery.wallets.value.map((w) => [w.name, w.flags])).toEqual([
    ['Wallet', { hiddenCharacters: true }],
    ['Plain', {}],
  ])
})

test('behavior: a flood does not hide a wallet the catalogue knows; the rest are counted (SECURITY 11)', async () => {
  const discovery = start((rdns) => rdns === 'io.metamask')
  for (let n = 0; n < 1000; n++)
    announce({
      info: info(`flood ${n}`, { name: `Flood ${n}`, rdns: `flood${n}.example` }),
      provider: provider(),
    })
  announce({ info: info('real', { name: 'MetaMask', rdns: 'io.metamask' }), provider: provider() })
  await tick()
  const listed = discovery.wallets.value.map((w) => L(w.uuid))
  expect(listed).toHaveLength(MAX_ANNOUNCED_PROVIDERS + 1)
  expect(listed.at(-1)).toBe('real')
  expect(discovery.leftOut.value).toBe(1000 - MAX_ANNOUNCED_PROVIDERS)
})

test('behavior: a flood claiming a known rdns fills at most MAX_PER_KNOWN_RDNS places, all marked', async () => {
  const discovery = start((rdns) => rdns === 'io.metamask')
  for (let n = 0; n < 50; n++)
    announce({
      info: info(`claim ${n}`, { name: 'MetaMask', rdns: 'io.metamask' }),
      provider: provider(),
    })
  await tick()
  const claims = discovery.wallets.value
  // Four as the known wallet, then the cap of the others: every one marked as a duplicate.
  expect(MAX_PER_KNOWN_RDNS).toBe(4)
  expect(claims).toHaveLength(MAX_PER_KNOWN_RDNS + MAX_ANNOUNCED_PROVIDERS)
  expect(claims.every((w) => w.flags.duplicateName && w.flags.duplicateRdns)).toBe(true)
  expect(discovery.leftOut.value).toBe(50 - claims.length)
})

test('behavior: a wallet the catalogue comes to know later joins the list (the predicate is read reactively)', async () => {
  const known = signal(false)
  const discovery = start((rdns) => known.value && rdns === 'io.metamask')
  for (let n = 0; n < 40; n++)
    announce({
      info: info(`early ${n}`, { name: `Early ${n}`, rdns: `e${n}.example` }),
      provider: provider(),
    })
  announce({
    info: info('late real', { name: 'MetaMask', rdns: 'io.metamask' }),
    provider: provider(),
  })
  await tick()
  expect(discovery.wallets.value.map((w) => L(w.uuid))).not.toContain('late real')
  expect(discovery.leftOut.value).toBe(9)
  known.value = true
  expect(discovery.wallets.value.map((w) => L(w.uuid))).toContain('late real')
  expect(discovery.leftOut.value).toBe(8)
})

test('behavior: providers beyond MAX_KEPT_PROVIDERS are not read, only counted as left out', async () => {
  const discovery = start()
  const total = MAX_KEPT_PROVIDERS + 10
  for (let n = 0; n < total; n++)
    announce({ info: info(`many ${n}`, { name: `Many ${n}` }), provider: provider() })
  await tick()
  expect(discovery.wallets.value).toHaveLength(MAX_ANNOUNCED_PROVIDERS)
  expect(discovery.leftOut.value).toBe(total - MAX_ANNOUNCED_PROVIDERS)
})

test('behavior: the task of a burst only holds each event; the next task reads it, once', async () => {
  const discovery = start()
  let reads = 0
  const detail = {
    get info() {
      reads++
      return info('held', { name: 'Held' })
    },
    provider: provider(),
  }
  announce(detail)
  await Promise.resolve()
  expect(reads).toBe(0)
  await task()
  expect(reads).toBe(1)
  expect(discovery.wallets.value).toEqual([])
  await task()
  expect(discovery.wallets.value.map((w) => w.name)).toEqual(['Held'])
  expect(reads).toBe(1)
})

test('behavior: a burst past MAX_UNREAD has the held events read at once, in order', () => {
  const discovery = start()
  let reads = 0
  const counted = (n: number) => ({
    get info() {
      reads++
      return info(`unread ${n}`, { name: `Unread ${n}`, rdns: undefined })
    },
    provider: provider(),
  })
  for (let n = 0; n < MAX_UNREAD; n++) announce(counted(n))
  expect(reads).toBe(0)
  announce(counted(MAX_UNREAD))
  // The held ones were read when one more came; the new one is held.
  expect(reads).toBe(MAX_UNREAD)
  discovery.flush()
  expect(reads).toBe(MAX_UNREAD + 1)
  const listed = discovery.wallets.value.map((w) => L(w.uuid))
  expect(listed).toEqual(Array.from({ length: MAX_ANNOUNCED_PROVIDERS }, (_, n) => `unread ${n}`))
  expect(discovery.leftOut.value).toBe(MAX_UNREAD + 1 - MAX_ANNOUNCED_PROVIDERS)
})
