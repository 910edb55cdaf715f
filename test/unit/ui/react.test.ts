import * as React from 'react'
import { expect, test } from 'vitest'
import * as own from '../../../src/ui/react.js'

test("behavior: each of the views' React bindings is React's own", () => {
  const react = new Map(Object.entries(React))
  expect(Object.keys(own).length).toBeGreaterThan(10)
  for (const [name, value] of Object.entries(own)) {
    expect(value, name).toBeDefined()
    expect(value, name).toBe(react.get(name))
  }
})
