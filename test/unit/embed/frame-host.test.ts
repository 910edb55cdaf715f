import { signal } from '@preact/signals-core'
import { afterEach, expect, test } from 'vitest'
import { createFrameHost, LOGIN_HOST_TAG } from '../../../src/embed/frame-host.js'

let destroy: (() => void) | undefined
afterEach(() => destroy?.())

/** The login host with a frame mounted, and its dialog. */
function mounted(label = signal('Approve in your login wallet')) {
  const host = createFrameHost(label, () => undefined)
  destroy = host.destroy
  const frame = document.createElement('iframe')
  host.mount(frame)
  const dialog = document.querySelector(LOGIN_HOST_TAG)?.shadowRoot?.querySelector('dialog')
  return { label, frame, dialog }
}

test("default: the dialog and the frame are named in the kit's language", () => {
  const { frame, dialog } = mounted(signal('ログインウォレットで承認'))
  expect(dialog?.getAttribute('aria-label')).toBe('ログインウォレットで承認')
  expect(frame.title).toBe('ログインウォレットで承認')
})

test('behavior: a change of language renames both, the frame is not reloaded', () => {
  const { label, frame, dialog } = mounted()
  const src = frame.src
  label.value = 'وافق في محفظة تسجيل الدخول'
  expect(dialog?.getAttribute('aria-label')).toBe('وافق في محفظة تسجيل الدخول')
  expect(frame.title).toBe('وافق في محفظة تسجيل الدخول')
  expect(frame.src).toBe(src)
  expect(frame.isConnected).toBe(true)
})

test('behavior: after destroy() nothing follows the language any more', () => {
  const { label, dialog } = mounted()
  destroy?.()
  destroy = undefined
  label.value = 'Other'
  expect(dialog?.getAttribute('aria-label')).toBe('Approve in your login wallet')
  expect(document.querySelector(LOGIN_HOST_TAG)).toBeNull()
})
