// The social popup's own pages, on the frame's origin. The site cut the popup's opener (no page the
// consent passes through may reach it); it greets the popup with `social-hello`, posted to this
// origin only, with the consent's address once its frame named it.
// - The loading page (meta `wk-hosts`: the sites the frame serves) goes on to that address when a
//   site it serves greets it with one.
// - The callback page (meta `wk-target`: the exact origin that started the login) answers the
//   window that greeted it with the redirect result, at that origin only (never '*'), then closes
//   itself: without an opener the site may no longer close a window of another origin.
import { PROTOCOL, PROTOCOL_VERSION } from '../../../../src/connectors/auth/protocol.js'

const meta = (name: string) =>
  document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? ''
const target = meta('wk-target')
const hosts: string[] = meta('wk-hosts') ? JSON.parse(meta('wk-hosts')) : []
const status = document.getElementById('status')
if (status && !target) status.textContent = 'This window was not opened by a site.'
let left = false

window.addEventListener('message', (event) => {
  const data = event.data as { protocol?: unknown; kind?: unknown; uri?: unknown } | null
  if (data?.protocol !== PROTOCOL || data.kind !== 'social-hello' || !event.source) return
  if (target) {
    if (event.origin !== target) return
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
    window.close()
  } else if (!left && hosts.includes(event.origin) && typeof data.uri === 'string') {
    const url = new URL(data.uri)
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && url.hostname === '127.0.0.1'))
      return
    left = true
    location.replace(url.href)
  }
})
