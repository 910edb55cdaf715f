import { expect, test, vi } from 'vitest'
import { measureGutter } from '../../../../src/ui/components/card-motion.js'

/** A card whose body reports `offset` and `client` widths. */
function card(offset: number, client: number) {
  const element = document.createElement('div')
  const body = document.createElement('div')
  body.className = 'wk-body'
  Object.defineProperty(body, 'offsetWidth', { get: () => offset })
  Object.defineProperty(body, 'clientWidth', { get: () => client })
  element.append(body)
  return element
}

test("behavior: the card's --wk-gutter is the body's scrollbar width", () => {
  const element = card(360, 345)
  measureGutter(element)
  expect(element.style.getPropertyValue('--wk-gutter')).toBe('15px')
})

test('behavior: an unchanged gutter is not set again (a new value restyles the whole card)', () => {
  const body = { offsetWidth: 360, clientWidth: 360 }
  const values = new Map<string, string>()
  const style = {
    getPropertyValue: (name: string) => values.get(name) ?? '',
    setProperty: vi.fn((name: string, value: string) => void values.set(name, value)),
  }
  const element = { querySelector: () => body, style } as unknown as HTMLElement
  measureGutter(element)
  measureGutter(element)
  expect(style.setProperty.mock.calls).toEqual([['--wk-gutter', '0px']])
  body.clientWidth = 345
  measureGutter(element)
  expect(style.setProperty).toHaveBeenLastCalledWith('--wk-gutter', '15px')
})

test('behavior: a card without a body is left alone', () => {
  const element = document.createElement('div')
  measureGutter(element)
  expect(element.style.getPropertyValue('--wk-gutter')).toBe('')
})
