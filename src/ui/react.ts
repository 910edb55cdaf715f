import * as React from 'react'

/**
 * The parts of React that src/ calls, as this module's own bindings. The build resolves src/'s
 * `react` imports to this module (vite.config.ts, with `jsx-runtime.ts`), so that a view calls
 * `useState(...)` instead of `(0, import_react.useState)(...)` through a CommonJS namespace of its
 * own (docs/bundle-size.md). A name src/ imports that is missing here fails the build.
 */
export const {
  Activity,
  Component,
  createContext,
  createElement,
  createRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React
