import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { ConnectorFlags } from '../../core/types/connector.js'
import { cleanLabel, hasHiddenCharacters } from '../../core/utils/text.js'
import { listDiscovered, markDiscovered } from '../discovered.js'
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

/**
 * Most providers listed whose rdns the catalogue does not know; later ones are left out (SECURITY.md
 * row 11).
 */
export const MAX_ANNOUNCED_PROVIDERS = 32

/** Most providers listed per rdns the catalogue knows: a flood claiming one wallet stays bounded. */
export const MAX_PER_KNOWN_RDNS = 4

/** Most providers read at all; later ones are only counted as left out. */
export const MAX_KEPT_PROVIDERS = 1024

/** Most announcements held unread until the task after their burst; more have them read at once. */
export const MAX_UNREAD = 4096

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
 * of invisible characters (and marked when they had any) and cut; wallets whose names look alike
 * or share an rdns are all kept and marked; a uuid reused by another provider is kept and flagged.
 * At most MAX_ANNOUNCED_PROVIDERS wallets the catalogue does not know are listed, so a flood of
 * them cannot hide one it knows (`known`, by rdns); `leftOut` counts the others. A burst of
 * announcements is read in the task after the burst's and applied in one update in the task after
 * that.
 *
 * @param known - True for an rdns the catalogue knows (may read signals: the list follows them).
 */
export function createEip6963Discovery(target: Window = window, known?: (rdns: string) => boolean) {
  const kept = signal<readonly AnnouncedWallet[]>([])
  const dropped = signal(0)
  let queue: AnnouncedWallet[] = []
  const seen = new Map<string, Eip1193Provider[]>()
  let providers = 0
  const memo = new WeakMap<AnnouncedWallet, AnnouncedWallet>()

  const listing = computed(() =>
    listDiscovered(kept.value, {
      claim: (w) => w.rdns,
      known,
      cap: MAX_ANNOUNCED_PROVIDERS,
      perKnown: MAX_PER_KNOWN_RDNS,
    }),
  )
  const wallets = computed(() => markDiscovered(listing.value.listed, memo))

  let overflow = 0

  /** Announcements heard but not read yet: they are read in a task after their burst's. */
  let unread: Event[] = []
  let reading = false
  let applying = false

  /** Reads and checks every announcement not read yet. */
  function readAll() {
    reading = false
    const list = unread
    unread = []
    for (const event of list) accept(event)
  }

  function apply() {
    applying = false
    const added = queue
    queue = []
    batch(() => {
      if (added.length) kept.value = [...kept.peek(), ...added]
      dropped.value = overflow
    })
  }

  /** Reads what is pending and applies it now. */
  function flush() {
    readAll()
    apply()
  }

  function schedule() {
    if (reading) return
    reading = true
    // A burst (often a page's own loop of 1 000 events) only queues each event in its own task;
    // the next task reads and checks them, the one after updates the list, its marks and the
    // views, so none of the three is long because of the others.
    setTimeout(() => {
      readAll()
      if (applying) return
      applying = true
      setTimeout(apply, 0)
    }, 0)
  }

  function accept(event: Event) {
    const a = readOnce(event)
    if (!a || typeof a.uuid !== 'string' || !UUID.test(a.uuid) || !isEip1193Provider(a.provider))
      return
    const uuid = a.uuid.toLowerCase()
    const provider = a.provider
    const same = seen.get(uuid) ?? []
    if (same.includes(provider)) return
    if (providers >= MAX_KEPT_PROVIDERS) {
      overflow++
      return
    }
    providers++
    const collision = same.length > 0
    same.push(provider)
    seen.set(uuid, same)
    queue.push(
      Object.freeze({
        key: collision ? `${uuid}#${same.length}` : uuid,
        uuid,
        name: cleanLabel(a.name, 40) || 'Unknown wallet',
        icon: checkIcon(a.icon),
        rdns: typeof a.rdns === 'string' && RDNS.test(a.rdns) ? a.rdns : undefined,
        provider,
        flags: hasHiddenCharacters(a.name) ? { hiddenCharacters: true } : {},
      }),
    )
  }

  function onAnnounce(event: Event) {
    // A burst past MAX_UNREAD has the ones held read at once, in order: what is held stays bounded.
    if (unread.length >= MAX_UNREAD) readAll()
    unread.push(event)
    schedule()
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.dispatchEvent(new Event('eip6963:requestProvider'))

  return {
    /** The wallets listed, in order of announcement, marked. */
    wallets: wallets as ReadonlySignal<readonly AnnouncedWallet[]>,
    /** Wallets announced but not listed (over the caps). */
    leftOut: computed(() => listing.value.leftOut + dropped.value),
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
