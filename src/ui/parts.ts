/**
 * The `::part()` names a site may restyle, given by the shared classes: any element with the class
 * gets the part, in every view, present and future (docs/theming.md). A view's own element that a
 * site should reach gets a shared class, or a row here; never a part name of its own.
 */
export const PARTS: readonly (readonly [selector: string, part: string])[] = [
  ['.wk-header', 'header'],
  ['.wk-title', 'title'],
  ['.wk-body', 'body'],
  ['.wk-button', 'button'],
  [".wk-button[data-variant='secondary']", 'button-secondary'],
  ['.wk-icon-button', 'icon-button'],
  ['.wk-input', 'input'],
  ['.wk-wallet', 'list-item'],
  ['.wk-token', 'list-item'],
  ['.wk-tab', 'tab'],
  ['.wk-link', 'link'],
  ['.wk-toast', 'toast'],
]

const ANY = PARTS.map(([selector]) => selector).join(', ')

/** The parts this module added to each element, so a class that goes away takes its part along. */
const given = new WeakMap<Element, string[]>()

function sync(element: Element): void {
  const now = PARTS.filter(([selector]) => element.matches(selector)).map(([, part]) => part)
  const before = given.get(element) ?? []
  if (now.join() === before.join()) return
  // Parts written in the markup (`part="card"`) stay; only ours follow the classes.
  const own = (element.getAttribute('part') ?? '')
    .split(' ')
    .filter((p) => p && !before.includes(p))
  const next = [...new Set([...own, ...now])]
  if (next.length) element.setAttribute('part', next.join(' '))
  else element.removeAttribute('part')
  given.set(element, now)
}

function syncTree(node: Node): void {
  if (!(node instanceof Element)) return
  sync(node)
  for (const element of node.querySelectorAll(ANY)) sync(element)
}

/**
 * Keeps the `part` attributes of everything under `root` in line with {@link PARTS} as React
 * renders (a mutation observer: the views need not know about parts).
 *
 * @returns Stops observing.
 */
export function exposeParts(root: ShadowRoot): () => void {
  for (const child of root.children) syncTree(child)
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') sync(record.target as Element)
      else for (const node of record.addedNodes) syncTree(node)
    }
  })
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['class', 'data-variant'],
  })
  return () => observer.disconnect()
}
