/**
 * `use-sync-external-store/shim` for `@preact/signals-react`. The package's shim hands out React's
 * own `useSyncExternalStore` whenever React has one, which React 19 always does; its fallback for
 * older Reacts would never run.
 */
export { useSyncExternalStore } from 'react'
