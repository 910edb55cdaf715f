import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

/** Rows drawn beyond the visible ones, above and below, so fast scrolling shows no gap. */
const OVERSCAN_PX = 320
/** How close to the end (px) counts as "at the bottom" for loading the next page. */
const END_THRESHOLD_PX = 240

/** The first row whose bottom is below `y`, by binary search over the rows' top offsets. */
function rowAt(offsets: readonly number[], count: number, y: number): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((offsets[mid + 1] ?? 0) <= y) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A list that renders only the rows in view (fixed height per row), so hundreds of items cost a
 * screenful of DOM; scrolling re-renders only when the rows in view change. With `maxHeight` it
 * scrolls itself; without, it scrolls with the view around it (its nearest `.wk-body`), measured as it scrolls and resizes. With
 * `columns` the items sit that many to a row, a grid. The item that has focus stays rendered when
 * scrolled away, so Tab goes on from it. `onEndReached` fires when the bottom comes near, also when
 * the rows do not fill the list; the caller ignores repeats while it loads.
 */
export function VirtualList({
  count,
  columns = 1,
  heightOf,
  keyOf,
  render,
  onEndReached,
  maxHeight,
  label,
  testId,
}: {
  /** Number of items. */
  count: number
  /** Items per row. */
  columns?: number
  /** Height of row `index`, in px. */
  heightOf: (index: number) => number
  keyOf: (index: number) => string
  render: (index: number) => ReactNode
  onEndReached?: (() => void) | undefined
  /** Height of the scrolling area, in px, at most; without it the view around scrolls the list. */
  maxHeight?: number
  label: string
  testId: { 'data-testid': string }
}) {
  const rows = Math.ceil(count / columns)
  const list = useRef<HTMLUListElement>(null)
  // The part of the list in view: its top, from the list's top, and its height.
  const [[scrollTop, viewHeight], setView] = useState([0, 0])
  const [focused, setFocused] = useState(-1)
  const offsets = useMemo(() => {
    const list = new Array<number>(rows + 1)
    list[0] = 0
    for (let i = 0; i < rows; i++) list[i + 1] = (list[i] ?? 0) + heightOf(i)
    return list
  }, [rows, heightOf])
  const total = offsets[rows] ?? 0
  const height = maxHeight === undefined ? viewHeight : Math.min(total, maxHeight)
  const rangeAt = (top: number, h = height) =>
    [
      rowAt(offsets, rows, top - OVERSCAN_PX),
      Math.min(rows, rowAt(offsets, rows, top + h + OVERSCAN_PX) + 1),
      top + h >= total - END_THRESHOLD_PX,
    ] as const
  const [first, last, nearEnd] = rangeAt(scrollTop)
  // Only a change of the rows in view (or of reaching the end) is worth a render.
  const show = (top: number, h = height) => {
    const [a, b, end] = rangeAt(top, h)
    if (a !== first || b !== last || end !== nearEnd || h !== height) setView([top, h])
  }
  const follow = useRef(show)
  follow.current = show

  // Scrolled by the view around it: where the list is in that view's box, on scroll and resize.
  useLayoutEffect(() => {
    const scroller = maxHeight === undefined && list.current?.closest('.wk-body')
    if (!scroller) return
    const measure = () =>
      follow.current(
        scroller.getBoundingClientRect().top - (list.current?.getBoundingClientRect().top ?? 0),
        scroller.clientHeight,
      )
    measure()
    scroller.addEventListener('scroll', measure, { passive: true })
    // The view's height follows the window's and the dialog's opening motion.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined
    resize?.observe(scroller)
    return () => {
      scroller.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [maxHeight])

  useEffect(() => {
    if (nearEnd && count > 0) onEndReached?.()
  }, [nearEnd, count, onEndReached])

  const item = (i: number) => {
    const row = Math.floor(i / columns)
    const column = i % columns
    return (
      <li
        key={keyOf(i)}
        aria-posinset={i + 1}
        aria-setsize={count}
        className="wk-vrow"
        style={{
          top: offsets[row],
          height: heightOf(row),
          ...(columns > 1 && {
            insetInline: `${(column * 100) / columns}% ${((columns - column - 1) * 100) / columns}%`,
          }),
        }}
      >
        {render(i)}
      </li>
    )
  }
  const start = first * columns
  const end = Math.min(count, last * columns)
  const items: ReactNode[] = []
  // The focused item, out of view, keeps its place in the order (before or after those in view).
  if (focused >= 0 && focused < start) items.push(item(focused))
  for (let i = start; i < end; i++) items.push(item(i))
  if (focused >= end && focused < count) items.push(item(focused))

  const inner = (
    <ul
      ref={list}
      aria-label={label}
      className="wk-vlist-inner"
      style={{ height: total }}
      onFocus={(event) =>
        setFocused(Number(event.target.closest('li')?.getAttribute('aria-posinset')) - 1)
      }
      onBlur={() => setFocused(-1)}
      {...(maxHeight === undefined && testId)}
    >
      {items}
    </ul>
  )
  return maxHeight === undefined ? (
    inner
  ) : (
    <div
      className="wk-vlist"
      style={{ height }}
      onScroll={(event) => show(event.currentTarget.scrollTop)}
      {...testId}
    >
      {inner}
    </div>
  )
}
