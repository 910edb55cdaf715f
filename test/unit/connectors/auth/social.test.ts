import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PROTOCOL, PROTOCOL_VERSION } from '../../../../src/connectors/auth/protocol.js'
import { openSocialPopup } from '../../../../src/connectors/auth/social.js'
import { SOCIAL_POPUP_POLL_MS } from '../../../../src/core/constants.js'
import { SocialPopupClosedError, SocialPopupError } from '../../../../src/core/errors/auth.js'
import { FRAME_ORIGIN, messageEvent } from './fake-frame.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const RESULT = { protocol: PROTOCOL, version: PROTOCOL_VERSION, kind: 'social-result' }

function setup(opened: 'window' | null = 'window') {
  const popup = {
    closed: false,
    close: vi.fn(),
    location: { href: '' },
    opener: {} as unknown,
    postMessage: vi.fn(),
  }
  const page = new EventTarget() as unknown as Window & { open: ReturnType<typeof vi.fn> }
  page.open = vi.fn(() => (opened ? popup : null)) as never
  const onForged = vi.fn()
  const open = () =>
    openSocialPopup({
      origin: FRAME_ORIGIN,
      loadingUrl: `${FRAME_ORIGIN}/social/loading`,
      onForged,
      target: page,
    })
  return { popup, page, onForged, open }
}

test('default', async () => {
  const { popup, page, open } = setup()
  const social = open()
  // Opened at once (inside the click), without an opener to the page, then on the frame's origin.
  expect(page.open).toHaveBeenCalledWith(
    '',
    'walletkit-social',
    'width=600,height=800,scrollbars=yes',
  )
  expect(popup.opener).toBeNull()
  expect(popup.location.href).toBe(`${FRAME_ORIGIN}/social/loading`)
  // The kit greets the popup, for the frame's origin only, until the consent answers.
  await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS * 2)
  expect(popup.postMessage.mock.calls).toEqual([
    [{ protocol: PROTOCOL, version: PROTOCOL_VERSION, kind: 'social-hello' }, FRAME_ORIGIN],
    [{ protocol: PROTOCOL, version: PROTOCOL_VERSION, kind: 'social-hello' }, FRAME_ORIGIN],
  ])
  // Without an opener the kit may not navigate the window: it names the consent in its greeting,
  // which only the frame's loading page acts on.
  social.navigate(`${FRAME_ORIGIN}/consent/google?state=s`)
  expect(popup.location.href).toBe(`${FRAME_ORIGIN}/social/loading`)
  expect(popup.postMessage).toHaveBeenLastCalledWith(
    {
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      kind: 'social-hello',
      uri: `${FRAME_ORIGIN}/consent/google?state=s`,
    },
    FRAME_ORIGIN,
  )
  page.dispatchEvent(
    messageEvent({ ...RESULT, resultUri: 'https://cb/?code=1' }, FRAME_ORIGIN, popup),
  )
  await expect(social.result).resolves.toBe('https://cb/?code=1')
  // Answered: no more greetings.
  const greetings = popup.postMessage.mock.calls.length
  await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS * 2)
  expect(popup.postMessage).toHaveBeenCalledTimes(greetings)
})

test('behavior: a result from another window or origin is refused and counted', async () => {
  const { popup, page, onForged, open } = setup()
  const social = open()
  const forged = { ...RESULT, resultUri: 'https://evil/?code=1' }
  page.dispatchEvent(messageEvent(forged, 'https://evil.example', popup))
  page.dispatchEvent(messageEvent(forged, FRAME_ORIGIN, {}))
  page.dispatchEvent(messageEvent(forged, 'null', popup))
  page.dispatchEvent(messageEvent({ ...forged, version: 2 }, FRAME_ORIGIN, popup))
  page.dispatchEvent(messageEvent({ other: 'traffic' }, FRAME_ORIGIN, popup))
  expect(onForged).toHaveBeenCalledTimes(4)
  page.dispatchEvent(
    messageEvent({ ...RESULT, resultUri: 'https://cb/?code=2' }, FRAME_ORIGIN, popup),
  )
  await expect(social.result).resolves.toBe('https://cb/?code=2')
})

test('behavior: a closed window rejects with SocialPopupClosedError', async () => {
  const { popup, open } = setup()
  const social = open()
  popup.closed = true
  await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS)
  await expect(social.result).rejects.toBeInstanceOf(SocialPopupClosedError)
})

test('behavior: close() closes the window and ends the wait', async () => {
  const { popup, open } = setup()
  const social = open()
  social.close()
  expect(popup.close).toHaveBeenCalled()
  await expect(social.result).rejects.toBeInstanceOf(SocialPopupClosedError)
})

test('error: no window opened, or a consent address that is not http(s)', () => {
  expect(() => setup(null).open()).toThrow(SocialPopupError)
  expect(() => setup(null).open()).toThrow('Could not create social popup')
  const { popup, open } = setup()
  const social = open()
  for (const uri of ['javascript:alert(1)', 'data:text/html,x', 'http://evil.example/'])
    expect(() => social.navigate(uri)).toThrow(SocialPopupError)
  // Still on the loading page, and no consent named.
  expect(popup.location.href).toBe(`${FRAME_ORIGIN}/social/loading`)
  expect(popup.postMessage).not.toHaveBeenCalled()
})
