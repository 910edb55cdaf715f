import { afterEach, expect, test } from 'vitest'
import type { Eip1193Provider } from '../../../../src/connectors/injected/eip1193.js'
import { createInjectedConnectors } from '../../../../src/connectors/injected/index.js'

const provider = (): Eip1193Provider => ({ request: async () => null })

/** A stand-in window: an event target that may carry `ethereum`. */
const page = (ethereum?: unknown) =>
  Object.assign(new EventTarget(), ethereum === undefined ? {} : { ethereum }) as unknown as Window

/** Test labels as UUIDs (announced uuids must be UUIDs), and ids with them back as labels. */
const uuids = new Map<string, string>()
const U = (label: string) => {
  if (!uuids.has(label))
    uuids.set(label, `00000000-0000-4000-8000-${(uuids.size + 1).toString(16).padStart(12, '0')}`)
  return uuids.get(label) as string
}
const short = (id: string | undefined) =>
  id?.replace(
    /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/,
    (uuid) => [...uuids].find(([, u]) => u === uuid)?.[0] ?? uuid,
  )

function announce(target: Window, label: string, p: Eip1193Provider, more: object = {}) {
  target.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: {
        info: { uuid: U(label), name: `Wallet ${label}`, icon: '', rdns: `dev.${label}`, ...more },
        provider: p,
      },
    }),
  )
}

const created: ReturnType<typeof createInjectedConnectors>[] = []
function setup(parameters: Parameters<typeof createInjectedConnectors>[0]) {
  const injected = createInjectedConnectors(parameters)
  created.push(injected)
  return injected
}
afterEach(() => {
  for (const c of created.splice(0)) c.destroy()
})

test('default', () => {
  const target = page()
  const injected = setup({ eip6963: true, injected: true, target })
  expect(injected.connectors.value).toEqual([])
  const p = provider()
  announce(target, 'a', p)
  injected.flush()
  const [connector] = injected.connectors.value
  expect(injected.connectors.value).toHaveLength(1)
  expect({
    id: short(connector?.id),
    name: connector?.name,
    type: connector?.type,
    rdns: connector?.rdns,
    icon: connector?.icon,
    flags: connector?.flags,
  }).toEqual({
    id: 'eip6963:a',
    name: 'Wallet a',
    type: 'ANNOUNCED',
    rdns: 'dev.a',
    icon: undefined,
    flags: {},
  })
  expect(connector?.getProvider()).toBe(p)
})

test('args: window.ethereum becomes "Browser Wallet" unless it was announced', () => {
  const ethereum = provider()
  const target = page(ethereum)
  const injected = setup({ eip6963: true, injected: true, target })
  expect(injected.connectors.value.map((c) => [short(c.id), c.name, c.type])).toEqual([
    ['injected', 'Browser Wallet', 'INJECTED'],
  ])
  expect(injected.connectors.value[0]?.getProvider()).toBe(ethereum)
  announce(target, 'other', provider())
  injected.flush()
  expect(injected.connectors.value.map((c) => short(c.id))).toEqual(['eip6963:other', 'injected'])
  announce(target, 'same', ethereum)
  injected.flush()
  expect(injected.connectors.value.map((c) => short(c.id))).toEqual([
    'eip6963:other',
    'eip6963:same',
  ])
})

test('args: eip6963 and injected switches', () => {
  const target = page(provider())
  const noDiscovery = setup({ eip6963: false, injected: true, target })
  announce(target, 'a', provider())
  noDiscovery.flush()
  expect(noDiscovery.connectors.value.map((c) => short(c.id))).toEqual(['injected'])

  const noInjected = setup({ eip6963: true, injected: false, target })
  announce(target, 'b', provider())
  noInjected.flush()
  expect(noInjected.connectors.value.map((c) => short(c.id))).toEqual(['eip6963:b'])
})

test('behavior: window.ethereum that is not a provider is ignored', () => {
  const injected = setup({ eip6963: true, injected: true, target: page({ send() {} }) })
  expect(injected.connectors.value).toEqual([])
})

test('behavior: a connector is reused until its marks change', () => {
  const target = page()
  const injected = setup({ eip6963: true, injected: false, target })
  announce(target, 'a', provider(), { name: 'Twin', rdns: 'dev.a' })
  injected.flush()
  const first = injected.connectors.value[0]
  announce(target, 'b', provider(), { name: 'Other', rdns: 'dev.b' })
  injected.flush()
  expect(injected.connectors.value[0]).toBe(first)
  announce(target, 'c', provider(), { name: 'Twin', rdns: 'dev.c' })
  injected.flush()
  const [a, b, c] = injected.connectors.value
  expect(a).not.toBe(first)
  expect(a?.flags).toEqual({ duplicateName: true })
  expect(b?.flags).toEqual({})
  expect(c?.flags).toEqual({ duplicateName: true })
})

test('behavior: a uuid collision gives the second wallet its own connector id', () => {
  const target = page()
  const injected = setup({ eip6963: true, injected: false, target })
  announce(target, 'u', provider())
  announce(target, 'u', provider(), { name: 'Impostor', rdns: 'evil.example' })
  injected.flush()
  expect(injected.connectors.value.map((c) => [short(c.id), c.flags])).toEqual([
    ['eip6963:u', { uuidCollision: true }],
    ['eip6963:u#2', { uuidCollision: true }],
  ])
})

test('behavior: destroy() stops discovery', () => {
  const target = page()
  const injected = setup({ eip6963: true, injected: false, target })
  injected.destroy()
  announce(target, 'late', provider())
  injected.flush()
  expect(injected.connectors.value).toEqual([])
})
