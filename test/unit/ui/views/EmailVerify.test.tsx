import { signal } from '@preact/signals-core'
import { expect, test } from 'vitest'
import { EmailVerifyOtp } from '../../../../src/ui/views/EmailVerify.js'
import { renderView, textOf } from './render.js'

/** The email login's code step as the view reads it. */
function kitWith(p: { code: string; wait: number; error?: 'invalidCode' }) {
  return {
    auth: {
      email: {
        email: signal('ada@example.com'),
        code: signal(p.code),
        codeLength: 6,
        codeMinutes: 10,
        status: signal('idle'),
        error: signal(p.error),
        resendIn: signal(p.wait),
        setCode: () => undefined,
        verify: () => Promise.resolve(),
        resend: () => Promise.resolve(),
      },
    },
  }
}

test('default: six boxes show the digits; the digits, the life and one countdown on the disabled button', () => {
  const host = renderView(<EmailVerifyOtp />, kitWith({ code: '1234', wait: 27 }), 'en')
  const boxes = [...host.querySelectorAll('.wk-otp-box')].map((b) => b.textContent)
  expect(boxes).toEqual(['1', '2', '3', '4', '', ''])
  expect(host.querySelector('.wk-otp-box[data-active]')).toBe(
    host.querySelectorAll('.wk-otp-box')[4],
  )
  expect(textOf(host, 'view-email-otp')).toContain(
    'Enter the 6-digit code we sent to ada@example.com.',
  )
  expect(textOf(host, 'auth-otp-status')).toBe('The code is valid for 10 minutes.')
  const resend = host.querySelector<HTMLButtonElement>('[data-testid="wk-auth-resend"]')
  expect(resend?.disabled).toBe(true)
  expect(resend?.textContent).toBe('Send a new code in 27 s')
})

test('behavior: the wait over, the button asks for a new code; a failure sits beside the field', () => {
  const host = renderView(
    <EmailVerifyOtp />,
    kitWith({ code: '12', wait: 0, error: 'invalidCode' }),
    'en',
  )
  const resend = host.querySelector<HTMLButtonElement>('[data-testid="wk-auth-resend"]')
  expect(resend?.disabled).toBe(false)
  expect(resend?.textContent).toBe('Send a new code')
  const input = host.querySelector('[data-testid="wk-auth-otp"]')
  const error = host.querySelector('[data-testid="wk-auth-error"]')
  expect(input?.getAttribute('aria-invalid')).toBe('true')
  expect(input?.getAttribute('aria-describedby')).toBe(error?.id)
  // Right after the field, before anything else of the form.
  expect(host.querySelector('.wk-otp')?.nextElementSibling).toBe(error)
})
