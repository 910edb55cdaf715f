import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import * as React from 'react'
import { expect, test } from 'vitest'
import * as shim from '../../../../src/embed/shims/use-sync-external-store.js'
import { ROOT } from './walletconnect-copy.js'

/** The package as `@preact/signals-react` resolves it. */
const runtime = join(ROOT, 'node_modules/@preact/signals-react/runtime/dist/runtime.module.js')
const real = createRequire(runtime)('use-sync-external-store/shim/index.js') as typeof shim

test("default: the shim is React's own hook", () => {
  expect(shim.useSyncExternalStore).toBe(React.useSyncExternalStore)
})

test('behavior: under React 19 the package hands out the same function', () => {
  expect(real.useSyncExternalStore).toBe(React.useSyncExternalStore)
})

test('behavior: @preact/signals-react takes nothing else from the package', () => {
  const code = readFileSync(runtime, 'utf8')
  const imports = [...code.matchAll(/import\{([^}]*)\}from"use-sync-external-store[^"]*"/g)]
  const names = imports.flatMap((m) =>
    (m[1] ?? '').split(',').map((p) => p.split(' as ')[0]?.trim()),
  )
  expect(names).toEqual(['useSyncExternalStore'])
})
