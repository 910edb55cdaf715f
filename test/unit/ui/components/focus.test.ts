import { expect, test } from 'vitest'
import { focusTarget } from '../../../../src/ui/components/focus.js'

/** A modal's content: a header with a button, then a view body with `body` inside. */
function modal(body: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = `<header><button id="back">Back</button></header><div class="wk-body">${body}</div>`
  return container
}

test("default: on opening, the view's data-autofocus element, else the first focusable (the header's)", () => {
  expect(focusTarget(modal('<input id="field" data-autofocus>'))?.id).toBe('field')
  expect(focusTarget(modal('<button id="row">Row</button>'))?.id).toBe('back')
})

test('behavior: after a view change, the view comes before the header, its data-autofocus first', () => {
  expect(focusTarget(modal('<button id="row">Row</button>'), true)?.id).toBe('row')
  expect(
    focusTarget(modal('<button id="row">Row</button><input id="field" data-autofocus>'), true)?.id,
  ).toBe('field')
  expect(focusTarget(modal('<button id="off" disabled>Off</button>'), true)?.id).toBe('back')
})

test('behavior: on a touch screen a text field never takes focus by itself, unless marked for the keyboard', () => {
  const search = modal('<input id="search" data-autofocus><button id="tile">Tile</button>')
  expect(focusTarget(search, false, true)?.id).toBe('back')
  expect(focusTarget(search, true, true)?.id).toBe('tile')
  expect(focusTarget(search, true, false)?.id).toBe('search')
  const code = modal('<input id="code" data-autofocus="keyboard">')
  expect(focusTarget(code, false, true)?.id).toBe('code')
  const email = modal('<input id="email" type="email"><input id="agree" type="checkbox">')
  expect(focusTarget(email, true, true)?.id).toBe('agree')
})
