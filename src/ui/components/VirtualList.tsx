import { type ReactNode, useEffect, useMemo, useState } from 'react'

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
 * A scrolling list that renders only the rows in view (fixed height per row), so a history of
 * hundreds of items costs a screenful of DOM; scrolling re-renders only when the rows in view
 * change. `onEndReached` fires when the bottom comes near, also when the rows do not fill the
 * list; the caller ignores repeats while it loads.
 */
export function VirtualList({
  count,
  heightOf,
  keyOf,
  render,
  onEndReached,
  maxHeight,
  label,
  testId,
}: {
  count: number
  /** Height of row `index`, in px. */
  heightOf: (index: number) => number
  keyOf: (index: number) => string
  render: (index: number) => ReactNode
  onEndReached?: (() => void) | undefined
  /** Height of the scrolling area, in px, at most. */
  maxHeight: number
  label: string
  testId: { 'data-testid': string }
}) {
  const [scrollTop, setScrollTop] = useState(0)
  const offsets = useMemo(() => {
    const list = new Array<number>(count + 1)
    list[0] = 0
    for (let i = 0; i < count; i++) list[i + 1] = (list[i] ?? 0) + heightOf(i)
    return list
  }, [count, heightOf])
  const total = offsets[count] ?? 0
  const height = Math.min(total, maxHeight)
  const rangeAt = (top: number) =>
    [
      rowAt(offsets, count, Math.max(0, top - OVERSCAN_PX)),
      Math.min(count, rowAt(offsets, count, top + height + OVERSCAN_PX) + 1),
      top + height >= total - END_THRESHOLD_PX,
    ] as const
  const [first, last, nearEnd] = rangeAt(scrollTop)

  useEffect(() => {
    if (nearEnd && count > 0) onEndReached?.()
  }, [nearEnd, count, onEndReached])

  const rows: ReactNode[] = []
  for (let i = first; i < last; i++)
    rows.push(
      <li
        key={keyOf(i)}
        aria-posinset={i + 1}
        aria-setsize={count}
        className="wk-vrow"
        style={{ top: offsets[i], height: heightOf(i) }}
      >
        {render(i)}
      </li>,
    )

  return (
    <div
      className="wk-vlist"
      style={{ height }}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop
        const [a, b, end] = rangeAt(top)
        // Only a change of the rows in view (or of reaching the end) is worth a render.
        if (a !== first || b !== last || end !== nearEnd) setScrollTop(top)
      }}
      {...testId}
    >
      <ul aria-label={label} className="wk-vlist-inner" style={{ height: total }}>
        {rows}
      </ul>
    </div>
  )
}
