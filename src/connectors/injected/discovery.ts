import { batch, type ReadonlySignal, signal } from '@preact/signals-core'
import type { ConnectorFlags } from '../../core/types/connector.js'
import { isLookalike, nameSkeleton } from '../../core/utils/lookalike.js'
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

/** Most distinct providers listed; later announcements are ignored (SECURITY.md row 11). */
export const MAX_ANNOUNCED_PROVIDERS = 32

const ICON = /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;charset=[-\w]+)?(;base64)?,/i
const RDNS = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){1,8}$/
/** A UUID (RFC 9562's 8-4-4-4-12 hex form); EIP-6963 asks for version 4. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An icon that may be shown through `<img>`: a data: URI of a safe image type, bounded in size. */
export function checkIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && icon.length <= MAX_ICON_LENGTH && ICON.test(icon)
    ? icon
    : undefined
}

/** An announcement's fields, each read exactly once. */
type Announcement = {
  uuid: unknown
  name: unknown
  icon: unknown
  rdns: unknown
  provider: unknown
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null

/**
 * Reads an announcement's fields once each, into plain values: a getter or a Proxy in the event
 * cannot show one value to the checks and another to the kit afterwards, and one that throws
 * drops the announcement.
 */
function readOnce(event: Event): Announcement | undefined {
  try {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    if (!isObject(detail)) return undefined
    const info: unknown = detail.info
    const provider: unknown = detail.provider
    if (!isObject(info)) return undefined
    return { uuid: info.uuid, name: info.name, icon: info.icon, rdns: info.rdns, provider }
  } catch {
    return undefined
  }
}

/**
 * Discovers EIP-6963 wallets for the page's lifetime: listens for `eip6963:announceProvider`, then
 * asks with `eip6963:requestProvider`. Announcements are read once, then checked (SECURITY.md rows
 * 9–11): the uuid must be a UUID (deduped), icons only as data URIs of safe types, names cleaned
 * and cut; wallets whose names look alike (after NFKC and a confusables fold) or share an rdns are
 * all kept and marked; a uuid reused by another provider is kept and flagged; at most
 * MAX_ANNOUNCED_PROVIDERS providers are listed. A burst of announcements is applied in one update.
 */
export function createEip6963Discovery(target: Window = window) {
  const wallets = signal<readonly AnnouncedWallet[]>([])
  let queue: AnnouncedWallet[] = []
  let scheduled = false
  const seen = new Map<string, Eip1193Provider[]>()
  let providers = 0

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
    const a = readOnce(event)
    if (!a || typeof a.uuid !== 'string' || !UUID.test(a.uuid) || !isEip1193Provider(a.provider))
      return
    const uuid = a.uuid.toLowerCase()
    const provider = a.provider
    const known = seen.get(uuid) ?? []
    if (known.includes(provider)) return
    if (providers >= MAX_ANNOUNCED_PROVIDERS) return
    providers++
    const collision = known.length > 0
    known.push(provider)
    seen.set(uuid, known)
    queue.push(
      Object.freeze({
        key: collision ? `${uuid}#${known.length}` : uuid,
        uuid,
        name: cleanLabel(a.name, 40) || 'Unknown wallet',
        icon: checkIcon(a.icon),
        rdns: typeof a.rdns === 'string' && RDNS.test(a.rdns) ? a.rdns : undefined,
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
  const skeletons = list.map((w) => nameSkeleton(w.name))
  for (const [i, w] of list.entries()) {
    uuids.set(w.uuid, (uuids.get(w.uuid) ?? 0) + 1)
    const skeleton = skeletons[i] as string
    names.set(skeleton, (names.get(skeleton) ?? 0) + 1)
    if (w.rdns) rdnses.set(w.rdns, (rdnses.get(w.rdns) ?? 0) + 1)
  }
  const allNames = list.map((w) => w.name)
  return list.map((w, i) => {
    // Names that look the same to a reader count as the same name (NFKC, case, confusables).
    const duplicateName = (names.get(skeletons[i] as string) ?? 0) > 1
    const duplicateRdns = w.rdns ? (rdnses.get(w.rdns) ?? 0) > 1 : false
    // Every provider sharing a uuid is flagged, the first announced included.
    const uuidCollision = (uuids.get(w.uuid) ?? 0) > 1
    const lookalike = isLookalike(w.name, allNames)
    const same =
      duplicateName === !!w.flags.duplicateName &&
      duplicateRdns === !!w.flags.duplicateRdns &&
      uuidCollision === !!w.flags.uuidCollision &&
      lookalike === !!w.flags.lookalike
    if (same) return w
    return Object.freeze({
      ...w,
      flags: {
        ...w.flags,
        duplicateName,
        duplicateRdns,
        ...(uuidCollision ? { uuidCollision } : {}),
        ...(lookalike ? { lookalike } : {}),
      },
    })
  })
}
