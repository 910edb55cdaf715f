import { Fragment as ReactFragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime'

/**
 * React's JSX runtime, as this module's own bindings. The build resolves the JSX transform's
 * `react/jsx-runtime` imports of src/ to this module (vite.config.ts), so that a view calls
 * `jsx(...)` instead of reading the CommonJS package's export each time, `(0, import_x.jsx)(...)`,
 * through a namespace of its own: the same calls, with about 9 bytes fewer each (docs/bundle-size.md).
 */
export const jsx = reactJsx
/** React's `jsxs`, for elements with static children. */
export const jsxs = reactJsxs
/** React's `Fragment`. */
export const Fragment = ReactFragment
