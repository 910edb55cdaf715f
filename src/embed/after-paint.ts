/** Longest wait for a frame: a hidden document draws none. */
const FALLBACK_MS = 100

/**
 * Runs `task` once the next frame has been drawn: an animation-frame callback runs just before the
 * frame, and a task it queues runs after it. Work that opening the modal starts but that shows
 * nothing in that frame (a request) then no longer delays it.
 */
export function afterPaint(task: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    task()
  }
  const fallback = setTimeout(run, FALLBACK_MS)
  requestAnimationFrame(() => setTimeout(run, 0))
}
