import { useLayoutEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { IMAGE_SHOWS_PER_TASK } from '../../core/constants.js'

/** Turns taken in this task; while there are any, the next task's turn is scheduled. */
let taken = 0
/** Those waiting for their turn, in order; one that unmounts leaves the queue. */
const waiting = new Set<() => void>()

/** A task of its own: the next IMAGE_SHOWS_PER_TASK waiting are shown, committed in it. */
function next() {
  const turn = [...waiting].slice(0, IMAGE_SHOWS_PER_TASK)
  taken = turn.length
  flushSync(() => {
    for (const show of turn) {
      waiting.delete(show)
      show()
    }
  })
  if (taken) setTimeout(next)
}

/**
 * True once `want` is and this component's turn came: at most IMAGE_SHOWS_PER_TASK turns per task
 * (the first ones at once, the others in the tasks that follow, in the order they asked). Showing
 * an image costs the browser its decoding in the task that shows it (an SVG: a document of its
 * own, ~12 ms on a 4× slower CPU), so a screenful of tiles whose images were ready, shown at once,
 * made one task of hundreds of ms (SECURITY.md row 11).
 */
export function usePaced(want: boolean): boolean {
  const [shown, setShown] = useState(false)
  useLayoutEffect(() => {
    if (!want || shown) return
    const show = () => setShown(true)
    if (!taken) setTimeout(next)
    if (taken++ < IMAGE_SHOWS_PER_TASK) return show()
    waiting.add(show)
    return () => {
      waiting.delete(show)
    }
  }, [want, shown])
  return want && shown
}
