import { expect, test } from 'vitest'
import { exposeParts, PARTS } from '../../../src/ui/parts.js'

/** A shadow root holding `html`, with parts exposed. */
function setup(html: string) {
  const host = document.createElement('div')
  const root = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  container.setAttribute('part', 'root')
  container.innerHTML = html
  root.append(container)
  const stop = exposeParts(root)
  const parts = (selector: string) => root.querySelector(selector)?.getAttribute('part') ?? null
  return { root, container, stop, parts }
}

/** Mutation observers report in a microtask. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

test('default', () => {
  const { parts } = setup(
    '<div class="wk-header"><h2 class="wk-title">T</h2><button class="wk-icon-button">x</button></div>' +
      '<div class="wk-body"><button class="wk-button" id="a">A</button>' +
      '<button class="wk-button" data-variant="secondary" id="b">B</button>' +
      '<input class="wk-input"><button class="wk-wallet">W</button><li class="wk-token">T</li></div>',
  )
  expect(parts('.wk-header')).toBe('header')
  expect(parts('.wk-title')).toBe('title')
  expect(parts('.wk-icon-button')).toBe('icon-button')
  expect(parts('.wk-body')).toBe('body')
  expect(parts('#a')).toBe('button')
  expect(parts('#b')).toBe('button button-secondary')
  expect(parts('.wk-input')).toBe('input')
  expect(parts('.wk-wallet')).toBe('list-item')
  expect(parts('.wk-token')).toBe('list-item')
  // A part set in the markup stays.
  expect(parts('[part~="root"]')).toBe('root')
  expect(PARTS.map(([, part]) => part)).toMatchInlineSnapshot(`
    [
      "header",
      "title",
      "body",
      "button",
      "button-secondary",
      "icon-button",
      "input",
      "list-item",
      "list-item",
      "tab",
      "link",
      "toast",
    ]
  `)
})

test('behavior: elements rendered later get their parts, and lose those of a class they lost', async () => {
  const { container, parts, stop } = setup('<div class="wk-body"></div>')
  const body = container.querySelector('.wk-body')
  const button = document.createElement('button')
  button.className = 'wk-button'
  button.setAttribute('data-variant', 'secondary')
  body?.append(button)
  await settle()
  expect(parts('.wk-body button')).toBe('button button-secondary')
  button.removeAttribute('data-variant')
  await settle()
  expect(parts('.wk-body button')).toBe('button')
  button.className = 'wk-link'
  await settle()
  expect(parts('.wk-body a, .wk-body button')).toBe('link')
  stop()
  button.className = 'wk-input'
  await settle()
  expect(parts('.wk-body button')).toBe('link')
})
