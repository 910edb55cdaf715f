import { type DependencyList, useEffect, useRef } from 'react'
import { useUi } from '../context.js'

/**
 * Runs `task` after the frame that shows the view, each time `deps` change: a view's requests
 * show nothing in that frame (it renders its loading state either way), so starting them there
 * only delays the modal. Nothing runs once the view is gone.
 */
export function useAfterPaint(task: () => void, deps: DependencyList): void {
  const { kit } = useUi()
  const callback = useRef(task)
  callback.current = task
  useEffect(() => {
    let live = true
    kit.afterPaint(() => {
      if (live) callback.current()
    })
    return () => {
      live = false
    }
  }, [kit, ...deps])
}
