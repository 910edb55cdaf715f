import type { BrowserContext, Page } from 'playwright-core'

/** A way the page tried to leave for a link, and when: inside the click's dispatch or after it. */
export type Navigation = {
  how: 'window.open' | 'location' | 'anchor'
  url: string
  target?: string
  /** `during`: between the first and the last window listener of a visitor's click. */
  phase: 'during' | 'after' | 'before'
}

/**
 * Records, instead of following them, the ways a page leaves for a link: `window.open`, a change
 * of `location` (the Navigation API's `navigate` event, cancelled), and clicks on anchors (default
 * prevented). Each is marked with the phase of the visitor's last click: `during` its dispatch
 * (from the window's first capturing listener to its last bubbling one, so the page's own
 * handlers run in between), `after` it, or `before` any. Only trusted clicks set the phase: a
 * script's `anchor.click()` cannot pass as the visitor's.
 */
export async function recordNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const list: Navigation[] = []
    let phase: Navigation['phase'] = 'before'
    Object.defineProperty(window, '__wkNavigations', { value: list })
    window.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted) phase = 'during'
        const anchor = event
          .composedPath()
          .find(
            (node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href,
          )
        if (anchor) {
          list.push({ how: 'anchor', url: anchor.href, target: anchor.target, phase })
          event.preventDefault()
        }
      },
      true,
    )
    window.addEventListener('click', (event) => {
      if (event.isTrusted) phase = 'after'
    })
    window.open = (url?: string | URL, target?: string) => {
      list.push({ how: 'window.open', url: String(url), target: target ?? '', phase })
      return null
    }
    const navigation = (window as unknown as { navigation?: EventTarget }).navigation
    navigation?.addEventListener('navigate', (event) => {
      const e = event as Event & { destination: { url: string }; cancelable: boolean }
      list.push({ how: 'location', url: e.destination.url, phase })
      if (e.cancelable) e.preventDefault()
    })
  })
}

/** What the page tried to open so far. */
export function navigations(page: Page): Promise<Navigation[]> {
  return page.evaluate(
    () => (window as unknown as { __wkNavigations: Navigation[] }).__wkNavigations,
  )
}

/**
 * Counts, in the page, the session proposals the relay has taken (`wc_proposeSession` answered
 * `true`), each counted in a task queued after the client's own handler of the answer, so the
 * pairing URI it produces has reached the kit by then. Also counts the IndexedDB write
 * transactions still open: WalletConnect saves the pairing's keys, proposal and request history
 * without waiting, and a page unloaded before those commit cannot take the wallet's answer up
 * after a reload. The kit gives a prepared pairing's link to a tap only once those writes have
 * finished (docs/phones.md, "Coming back"), so a test that taps at once waits for them too, or its
 * tap would find no link to open.
 */
export async function countProposals(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const pending = new Set<unknown>()
    Object.defineProperty(window, '__wkProposals', { value: { count: 0 }, writable: false })
    const counter = (window as unknown as { __wkProposals: { count: number } }).__wkProposals
    const Native = window.WebSocket
    class CountingSocket extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols)
        this.addEventListener('message', (event) => {
          let id: unknown
          try {
            const frame = JSON.parse(String(event.data)) as { id?: unknown; result?: unknown }
            if (frame.result !== true) return
            id = frame.id
          } catch {
            return
          }
          if (!pending.delete(id)) return
          setTimeout(() => {
            counter.count++
          }, 0)
        })
      }
      override send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
        if (typeof data === 'string' && data.includes('"wc_proposeSession"'))
          pending.add((JSON.parse(data) as { id?: unknown }).id)
        super.send(data)
      }
    }
    window.WebSocket = CountingSocket
    const writes = { open: 0 }
    Object.defineProperty(window, '__wkWrites', { value: writes, writable: false })
    const transaction = IDBDatabase.prototype.transaction
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      const started = transaction.apply(this, args)
      if (args[1] === 'readwrite') {
        writes.open++
        const end = () => {
          writes.open--
        }
        started.addEventListener('complete', end)
        started.addEventListener('abort', end)
      }
      return started
    }
  })
}

/**
 * Waits until the page has at least `count` pairing URIs from proposals the relay took, and what
 * WalletConnect saved of them is committed (no IndexedDB write open).
 */
export async function waitForProposals(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => {
    const w = window as unknown as {
      __wkProposals: { count: number }
      __wkWrites: { open: number }
    }
    return w.__wkProposals.count >= n && w.__wkWrites.open === 0
  }, count)
}

/** How many proposals the relay has taken for the page so far. */
export function proposals(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __wkProposals: { count: number } }).__wkProposals.count,
  )
}
