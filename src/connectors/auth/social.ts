import { SOCIAL_POPUP_POLL_MS } from '../../core/constants.js'
import { SocialPopupClosedError, SocialPopupError } from '../../core/errors/auth.js'
import type { SocialPopup } from '../../core/types/auth.js'
import { PROTOCOL, PROTOCOL_VERSION, parseFrameMessage } from './protocol.js'

/** What a social popup needs to know. */
export type SocialPopupParameters = {
  /** The login frame's origin: the only one whose answer is used. */
  origin: string
  /** What the popup shows until the consent page's address is known (on the frame's origin). */
  loadingUrl: string
  /** A message claimed the social result but came from elsewhere. */
  onForged: () => void
  target?: Window | undefined
}

/**
 * Opens the social login window. Called inside the visitor's click (before any await), so no popup
 * blocker stops it. The window gets no `opener`: the consent pages it passes through (a provider's,
 * or whatever they redirect to) cannot reach or navigate the host page. Without it the kit may not
 * navigate the window once it shows another origin either, so it greets it instead
 * (`social-hello`, posted to the frame's origin only, every SOCIAL_POPUP_POLL_MS): the frame's
 * loading page goes on to the consent address the greeting names, and the consent's last page,
 * on the frame's origin, answers with the redirect result. That result is accepted only from the
 * popup's own window and the frame's origin; a closed window rejects with SocialPopupClosedError.
 *
 * @throws SocialPopupError ('Could not create social popup') when the browser opened no window.
 */
export function openSocialPopup(p: SocialPopupParameters): SocialPopup {
  const target = p.target ?? window
  // Opened blank (of the page's origin), its opener cut, then sent on: `noopener` in the features
  // would cut it too, but return no handle.
  const popup = target.open('', 'walletkit-social', 'width=600,height=800,scrollbars=yes')
  if (!popup) throw new SocialPopupError()
  try {
    popup.opener = null
    popup.location.href = p.loadingUrl
  } catch {
    // A window of that name already open on another origin: its opener was cut when it opened.
    popup.location.href = p.loadingUrl
  }
  let consent: string | undefined
  // Delivered only while the popup shows a page of the frame's origin.
  const greet = () =>
    popup.postMessage(
      {
        protocol: PROTOCOL,
        version: PROTOCOL_VERSION,
        kind: 'social-hello',
        ...(consent && { uri: consent }),
      },
      p.origin,
    )
  let stop: () => void = () => {}
  let abandon: () => void = () => {}
  const result = new Promise<string>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const message = parseFrameMessage(event.data)
      const claims = (event.data as { kind?: unknown } | null)?.kind === 'social-result'
      if (!claims) return
      if (event.source !== popup || event.origin !== p.origin || message?.kind !== 'social-result')
        return p.onForged()
      stop()
      resolve(message.resultUri)
    }
    const timer = setInterval(() => {
      if (popup.closed) {
        stop()
        return reject(new SocialPopupClosedError())
      }
      greet()
    }, SOCIAL_POPUP_POLL_MS)
    target.addEventListener('message', onMessage)
    stop = () => {
      clearInterval(timer)
      target.removeEventListener('message', onMessage)
    }
    abandon = () => reject(new SocialPopupClosedError())
  })
  // Nobody may be listening when the visitor closes the window after the flow moved on.
  result.catch(() => undefined)
  return {
    result,
    navigate(uri) {
      const url = new URL(uri)
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && url.hostname === '127.0.0.1'))
        throw new SocialPopupError()
      consent = url.href
      greet()
    },
    close() {
      stop()
      abandon()
      popup.close()
    },
  }
}
