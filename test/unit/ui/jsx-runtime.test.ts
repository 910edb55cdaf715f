import * as react from 'react/jsx-runtime'
import { expect, test } from 'vitest'
import { Fragment, jsx, jsxs } from '../../../src/ui/jsx-runtime.js'

test("behavior: the views' JSX runtime is React's own functions and Fragment", () => {
  expect(jsx).toBe(react.jsx)
  expect(jsxs).toBe(react.jsxs)
  expect(Fragment).toBe(react.Fragment)
  expect(jsx('b', { children: 'x' }, 'k')).toEqual(react.jsx('b', { children: 'x' }, 'k'))
})
