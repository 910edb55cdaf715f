/** Longest wait for a frame: a hidden document draws none. */
const FALLBACK_MS = 100

/** The tasks waiting for the next frame's callback, if one is asked for. */
let waiting: (() => void)[] | undefined

/**
 * Runs `task` once the next frame has been drawn: an animation-frame callback runs just before the
 * frame, and a task it queues runs after it. Work that opening the modal starts but that shows
 * nothing in that frame (a request) then no longer delays it. The tasks asked for before the same
 * frame share one frame callback and one task after it (an open asks for several, and each timer
 * is made in the open's own task), and run in the order asked; one that throws does not stop the
 * others (its error is reported as uncaught, from a task of its own).
 */
export function afterPaint(task: () => void): void {
  if (waiting) {
    waiting.push(task)
    return
  }
  const tasks = [task]
  waiting = tasks
  const close = () => {
    if (waiting === tasks) waiting = undefined
  }
  let done = false
  const run = () => {
    if (done) return
    done = true
    close()
    clearTimeout(fallback)
    for (const each of tasks)
      try {
        each()
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
  }
  const fallback = setTimeout(run, FALLBACK_MS)
  requestAnimationFrame(() => {
    // A task asked for from now on waits for the frame after this one.
    close()
    setTimeout(run, 0)
  })
}
