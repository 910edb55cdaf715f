// The end of a social consent, in the popup the site opened: hands the redirect result to that
// site (the exact origin that started the login, never '*'), which gives it to its login frame.
import { PROTOCOL, PROTOCOL_VERSION } from '../../../../src/connectors/auth/protocol.js'

const target = document.querySelector('meta[name="wk-target"]')?.getAttribute('content') ?? ''
const status = document.getElementById('status')
if (window.opener && target) {
  ;(window.opener as Window).postMessage(
    {
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      kind: 'social-result',
      resultUri: location.href,
    },
    target,
  )
  if (status) status.textContent = 'Signed in. You can close this window.'
} else if (status) status.textContent = 'This window was not opened by a site.'
