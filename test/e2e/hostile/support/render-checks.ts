import type { Page } from 'playwright-core'
import { XSS_SENTINEL } from '../../../fixtures/wallets'

/** What a view shows payloads in: its items, and the controls they must never cover. */
export type Surface = {
  /** Each element that holds one payload (a row, a card, a name). */
  items: string
  /** Controls that stay hit-testable (the close button, the view's primary buttons). */
  controls: readonly string[]
}

/** Records the page's `console.error` lines that a script could cause (not failed image loads). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' && !/Failed to load resource|net::ERR_/.test(text))
      errors.push(text)
  })
  return errors
}

/**
 * What ran that should not have: the sentinel a payload sets, `Object.prototype` reached through a
 * `__proto__` key, and, in the modal's tree, any script, frame, `on*` attribute or script URL a
 * payload would have needed. Empty when nothing did.
 */
export function executions(page: Page): Promise<string[]> {
  return page.evaluate((sentinel) => {
    const found: string[] = []
    if ((window as unknown as Record<string, unknown>)[sentinel] !== undefined)
      found.push(`window.${sentinel} was set`)
    if (({} as Record<string, unknown>).polluted !== undefined)
      found.push('Object.prototype was polluted')
    for (const host of document.querySelectorAll('walletkit-modal, walletkit-button')) {
      const root = host.shadowRoot
      if (!root) continue
      const active = root.querySelectorAll(
        'script, iframe:not([data-testid="wk-auth-frame"]), object, embed, base, meta, link:not([rel="stylesheet"])',
      )
      for (const el of active) found.push(`a <${el.tagName.toLowerCase()}> in ${host.localName}`)
      for (const el of root.querySelectorAll('*'))
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name)) found.push(`${attr.name} on <${el.localName}>`)
          if (/^\s*(javascript|vbscript|data:text)/i.test(attr.value) && /src|href/.test(attr.name))
            found.push(`${attr.name}="${attr.value.slice(0, 40)}" on <${el.localName}>`)
        }
    }
    return found
  }, XSS_SENTINEL)
}

/**
 * Layout breaks that hide another element, in the modal as it is on screen now. For every item
 * of `surface`: it stays inside the card's width; what it holds (elements and text), unless an
 * element of the item clips it, stays inside the item; no two items overlap. Each control (the
 * close button, the view's buttons) is scrolled into view and still gets the click at its centre.
 * Returns one line per break.
 */
export function layoutBreaks(page: Page, surface: Surface): Promise<string[]> {
  return page.evaluate(({ items, controls }) => {
    const root = document.querySelector('walletkit-modal')?.shadowRoot
    const cardElement = root?.querySelector('.wk-card')
    if (!root || !cardElement) return ['the modal is not open']
    const card = cardElement.getBoundingClientRect()
    const out: string[] = []
    const tolerance = 1
    const outside = (inner: DOMRect, outer: DOMRect, vertical: boolean) =>
      inner.left < outer.left - tolerance ||
      inner.right > outer.right + tolerance ||
      (vertical && (inner.top < outer.top - tolerance || inner.bottom > outer.bottom + tolerance))
    const clips = (el: Element) => {
      const style = getComputedStyle(el)
      return style.overflowX !== 'visible' || style.overflowY !== 'visible'
    }
    /** True when an element between `node` and `item` (both included) clips what `node` holds. */
    const clippedWithin = (node: Node, item: Element) => {
      for (let el = node.parentElement; el; el = el.parentElement) {
        if (clips(el) && el !== item) return true
        if (el === item) return clips(el)
      }
      return false
    }
    const list = [...root.querySelectorAll(items)].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0
    })
    const rects = list.map((el) => el.getBoundingClientRect())
    list.forEach((item, i) => {
      const box = rects[i] as DOMRect
      const label = `item ${i} (${(item.textContent ?? '').slice(0, 24)})`
      if (outside(box, card, false)) out.push(`${label} leaves the card`)
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (clippedWithin(node, item)) continue
        let r: DOMRect
        if (node.nodeType === Node.TEXT_NODE) {
          if (!node.textContent?.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(node)
          r = range.getBoundingClientRect()
        } else r = (node as Element).getBoundingClientRect()
        if (r.width === 0 && r.height === 0) continue
        if (outside(r, box, true)) {
          out.push(`${label}: its ${node.nodeName.toLowerCase()} overflows it`)
          break
        }
      }
      for (let j = i + 1; j < list.length; j++) {
        const other = rects[j] as DOMRect
        const w = Math.min(box.right, other.right) - Math.max(box.left, other.left)
        const h = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top)
        if (w > tolerance && h > tolerance && !item.contains(list[j] as Element))
          out.push(`${label} overlaps item ${j}`)
      }
    })
    for (const selector of controls) {
      const control = root.querySelector(selector)
      if (!control) {
        out.push(`${selector} is missing`)
        continue
      }
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      const r = control.getBoundingClientRect()
      const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      if (!hit || !(hit === control || control.contains(hit)))
        out.push(`${selector} is covered by <${hit?.localName}> ${hit?.className ?? ''}`)
    }
    return out
  }, surface)
}

/**
 * Runs `check` at each screenful of the scrolling box that holds the first of `items`, top to
 * bottom, so a virtual list shows (and is checked with) every one of its rows.
 */
export async function eachScreenful(
  page: Page,
  items: string,
  check: () => Promise<void>,
): Promise<void> {
  const scroll = (step: number) =>
    page.evaluate(
      ({ items, step }) => {
        const root = document.querySelector('walletkit-modal')?.shadowRoot
        let box = root?.querySelector(items)?.parentElement ?? null
        while (
          box &&
          !(
            box.scrollHeight > box.clientHeight + 1 &&
            /auto|scroll/.test(getComputedStyle(box).overflowY)
          )
        )
          box = box.parentElement
        if (!box) return false
        box.scrollTop = step * Math.max(1, box.clientHeight - 40)
        return box.scrollTop + box.clientHeight < box.scrollHeight - 1
      },
      { items, step },
    )
  for (let step = 0; step < 500; step++) {
    const more = await scroll(step)
    // Two frames: the virtual list renders the rows now in view.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    )
    await check()
    if (!more) return
  }
}
