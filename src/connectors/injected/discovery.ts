import { batch, type ReadonlySignal, signal } from '@preact/signals-core'
import type { ConnectorFlags } from '../../core/types/connector.js'
import { cleanLabel } from '../../core/utils/text.js'
import { type Eip1193Provider, isEip1193Provider } from './eip1193.js'

/** A wallet announced over EIP-6963, after its fields were checked. */
export type AnnouncedWallet = Readonly<{
  /** Unique key: the uuid, with a suffix when another provider reused it. */
  key: string
  uuid: string
  name: string
  /** A data: URI of a safe image type, or undefined (the fallback icon shows). */
  icon: string | undefined
  rdns: string | undefined
  provider: Eip1193Provider
  flags: ConnectorFlags
}>

/** Largest icon accepted, in characters of its data URI. */
export const MAX_ICON_LENGTH = 256 * 1024

const ICON = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;charset=[-\w]+)?(;base64)?,/i
const RDNS = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,8}$/

/** An icon that may be shown through `<img>`: a data: URI of a safe image type, bounded in size. */
export function checkIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && icon.length <= MAX_ICON_LENGTH && ICON.test(icon)
    ? icon
    : undefined
}

/**
 * Discovers EIP-6963 wallets for the page's lifetime: listens for `eip6963:announceProvider`, then
 * asks with `eip6963:requestProvider`. Announcements are checked (SECURITY.md rows 9–11): uuid
 * dedupe, icons only as data URIs of safe types, names cleaned and cut; wallets sharing a name or an
 * rdns are all kept and marked; a uuid reused by another provider is kept and flagged. A burst of
 * announcements is applied in one update.
 */
export function createEip6963Discovery(target: Window = window) {
  const wallets = signal<readonly AnnouncedWallet[]>([])
  let queue: AnnouncedWallet[] = []
  let scheduled = false
  const seen = new Map<string, Eip1193Provider[]>()

  function flush() {
    scheduled = false
    const added = queue
    queue = []
    if (!added.length) return
    batch(() => {
      wallets.value = mark([...wallets.value, ...added])
    })
  }

  function onAnnounce(event: Event) {
    const detail = (event as CustomEvent<unknown>).detail as {
      info?: unknown
      provider?: unknown
    } | null
    if (typeof detail !== 'object' || detail === null) return
    const info = detail.info as {
      uuid?: unknown
      name?: unknown
      icon?: unknown
      rdns?: unknown
    } | null
    const provider = detail.provider
    if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return
    if (typeof info.uuid !== 'string' || !info.uuid || info.uuid.length > 64) return
    const providers = seen.get(info.uuid) ?? []
    if (providers.includes(provider)) return
    const collision = providers.length > 0
    providers.push(provider)
    seen.set(info.uuid, providers)
    const rdns = typeof info.rdns === 'string' && RDNS.test(info.rdns) ? info.rdns : undefined
    queue.push(
      Object.freeze({
        key: collision ? `${info.uuid}#${providers.length}` : info.uuid,
        uuid: info.uuid,
        name: cleanLabel(info.name, 40) || 'Unknown wallet',
        icon: checkIcon(info.icon),
        rdns,
        provider,
        flags: {},
      }),
    )
    if (!scheduled) {
      scheduled = true
      queueMicrotask(flush)
    }
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.dispatchEvent(new Event('eip6963:requestProvider'))

  return {
    /** The wallets announced so far, in order of announcement. */
    wallets: wallets as ReadonlySignal<readonly AnnouncedWallet[]>,
    /** Asks wallets to announce again. */
    request() {
      target.dispatchEvent(new Event('eip6963:requestProvider'))
    },
    /** Applies pending announcements now (tests, and before a reconnect). */
    flush,
    destroy() {
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
    },
  }
}

function mark(list: AnnouncedWallet[]): AnnouncedWallet[] {
  const names = new Map<string, number>()
  const rdnses = new Map<string, number>()
  const uuids = new Map<string, number>()
  for (const w of list) {
    uuids.set(w.uuid, (uuids.get(w.uuid) ?? 0) + 1)
    const name = w.name.toLowerCase()
    names.set(name, (names.get(name) ?? 0) + 1)
    if (w.rdns) rdnses.set(w.rdns, (rdnses.get(w.rdns) ?? 0) + 1)
  }
  return list.map((w) => {
    const duplicateName = (names.get(w.name.toLowerCase()) ?? 0) > 1
    const duplicateRdns = w.rdns ? (rdnses.get(w.rdns) ?? 0) > 1 : false
    // Every provider sharing a uuid is flagged, the first announced included.
    const uuidCollision = (uuids.get(w.uuid) ?? 0) > 1
    const same =
      duplicateName === !!w.flags.duplicateName &&
      duplicateRdns === !!w.flags.duplicateRdns &&
      uuidCollision === !!w.flags.uuidCollision
    if (same) return w
    return Object.freeze({
      ...w,
      flags: {
        ...w.flags,
        duplicateName,
        duplicateRdns,
        ...(uuidCollision ? { uuidCollision } : {}),
      },
    })
  })
}
