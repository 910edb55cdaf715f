import { expect, test, vi } from 'vitest'
import { followHeight, measureGutter } from '../../../../src/ui/components/card-motion.js'

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

/** A card of `height` px whose animations are recorded (happy-dom lays nothing out). */
function movingCard() {
  const element = document.createElement('div')
  const view = document.createElement('p')
  element.append(view)
  const size = { height: 600 }
  Object.defineProperty(element, 'offsetHeight', { get: () => size.height })
  const animations: { keyframes: Keyframe[]; currentTime: number | null; cancelled: boolean }[] = []
  element.animate = ((keyframes: Keyframe[]) => {
    const animation = {
      keyframes,
      currentTime: 0 as number | null,
      cancelled: false,
      cancel() {
        animation.cancelled = true
      },
    }
    animations.push(animation)
    return animation
  }) as unknown as HTMLElement['animate']
  return { element, view, size, animations }
}

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve))

test('behavior: a new view of another height animates the card to it, data-resizing meanwhile', () => {
  const { element, size, animations } = movingCard()
  const motion = followHeight(element)
  size.height = 100
  motion.viewChanged()
  expect(animations.map((a) => a.keyframes)).toEqual([[{ height: '600px' }, { height: '100px' }]])
  expect(element.hasAttribute('data-resizing')).toBe(true)
  motion.stop()
  expect(animations[0]?.cancelled).toBe(true)
})

test('behavior: content of another height shown while the card moves stops the motion: the card takes its height at once, nothing clipped', async () => {
  const { element, view, size, animations } = movingCard()
  const motion = followHeight(element)
  // Account (600 px) to the OnRamp view's loading state (100 px), then its form (600 px).
  size.height = 100
  motion.viewChanged()
  size.height = 600
  view.textContent = 'the form'
  await tick()
  expect(animations).toHaveLength(1)
  expect(animations[0]?.cancelled).toBe(true)
  expect(element.hasAttribute('data-resizing')).toBe(false)
  motion.stop()
})

test('behavior: content of the same height shown while the card moves lets the motion carry on where it was', async () => {
  const { element, view, size, animations } = movingCard()
  const motion = followHeight(element)
  size.height = 100
  motion.viewChanged()
  const first = animations[0]
  if (first) first.currentTime = 80
  view.textContent = 'another text'
  await tick()
  expect(animations.map((a) => [a.keyframes, a.currentTime, a.cancelled])).toEqual([
    [[{ height: '600px' }, { height: '100px' }], 80, true],
    [[{ height: '600px' }, { height: '100px' }], 80, false],
  ])
  expect(element.hasAttribute('data-resizing')).toBe(true)
  motion.stop()
})
