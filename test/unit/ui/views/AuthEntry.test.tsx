import { signal } from '@preact/signals-core'
import { act } from 'react'
import { expect, test, vi } from 'vitest'
import { AuthEntry } from '../../../../src/ui/views/AuthEntry.js'
import { renderView } from './render.js'

/** Connect's login part as the view reads it, with email and two social providers. */
function kitWith(prepare: () => void) {
  return {
    auth: {
      emailEnabled: true,
      socials: ['google', 'farcaster'],
      email: {
        draft: signal(''),
        status: signal('idle'),
        error: signal(undefined),
        setDraft: () => undefined,
        submit: () => Promise.resolve(),
      },
      social: { start: () => undefined },
      prepare,
    },
  }
}

const byId = (host: HTMLElement, id: string) =>
  host.querySelector(`[data-testid="wk-${id}"]`) as HTMLElement

test('rule: rendering the login part mounts no login frame', () => {
  const prepare = vi.fn()
  renderView(<AuthEntry />, kitWith(prepare), 'en')
  expect(prepare).not.toHaveBeenCalled()
})

test.each([
  ['a pointer over the email field', 'auth-email', 'pointerover'],
  ['a pointer over the email button', 'auth-email-submit', 'pointerover'],
  ['a pointer over a social button', 'social-google', 'pointerover'],
  ['a pointer over the Farcaster mark', 'social-farcaster', 'pointerover'],
  ['focus on the email field', 'auth-email', 'focusin'],
  ['focus on a social button', 'social-farcaster', 'focusin'],
  // A touch fires pointerover (then pointerdown) before touchstart and the click.
  ['a touch on a social button', 'social-google', 'pointerover'],
])('behavior: %s mounts the login frame', (_, id, type) => {
  const prepare = vi.fn()
  const host = renderView(<AuthEntry />, kitWith(prepare), 'en')
  act(() => {
    byId(host, id).dispatchEvent(new Event(type, { bubbles: true }))
  })
  expect(prepare).toHaveBeenCalled()
})
