// The end of a social consent, in the popup the site opened. The site cut the popup's opener (no
// page the consent passed through may reach it) and greets it with `social-hello`, posted to this
// origin only; this page answers the window that greeted it with the redirect result, at the exact
// origin that started the login (never '*'), which gives it to its login frame.
import { PROTOCOL, PROTOCOL_VERSION } from '../../../../src/connectors/auth/protocol.js'

const target = document.querySelector('meta[name="wk-target"]')?.getAttribute('content') ?? ''
const status = document.getElementById('status')
if (status)
  status.textContent = target ? 'Finishing sign-in…' : 'This window was not opened by a site.'
window.addEventListener('message', (event) => {
  const data = event.data as { protocol?: unknown; kind?: unknown } | null
  if (!target || event.origin !== target || !event.source) return
  if (data?.protocol !== PROTOCOL || data.kind !== 'social-hello') return
  ;(event.source as Window).postMessage(
    {
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      kind: 'social-result',
      resultUri: location.href,
    },
    target,
  )
  if (status) status.textContent = 'Signed in. You can close this window.'
})
