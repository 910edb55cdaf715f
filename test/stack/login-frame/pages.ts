import type { Mail } from './store.js'

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Names of the stand-in providers, as their consent pages show them. */
export const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
}

/** A whole page: no inline script or style (the pages' CSP allows neither). */
export function page(
  title: string,
  body: string,
  head: { meta?: Record<string, string>; script?: string } = {},
): string {
  const meta = Object.entries(head.meta ?? {})
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`)
    .join('')
  const script = head.script ? `<script src="${escapeHtml(head.script)}" defer></script>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,">${meta}<link rel="stylesheet" href="/frame.css">${script}</head><body>${body}</body></html>`
}

/** How the frame behaves: as it should, never answering, or answering everything twice. */
export type FrameMode = 'normal' | 'silent' | 'replay'

/** The login frame's document: empty until the kit asks it to show an approval. */
export function framePage(hosts: readonly string[], chainIds: readonly number[], mode: FrameMode) {
  return page('WalletKit login', '<main id="approval" hidden></main>', {
    meta: {
      'wk-hosts': JSON.stringify(hosts),
      'wk-chains': JSON.stringify(chainIds),
      'wk-mode': mode,
    },
    script: '/frame.js',
  })
}

/** A provider's consent page (the stand-in of Google's, X's, …). */
export function consentPage(provider: string, state: string, host: string) {
  const name = PROVIDER_NAMES[provider] ?? provider
  return page(
    `${name}: sign in`,
    `<main class="card"><h1>${escapeHtml(name)}</h1>
<p><strong>${escapeHtml(host)}</strong> wants to sign you in with your ${escapeHtml(name)} account.</p>
<form method="post" action="/consent/${escapeHtml(provider)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label>Your ${escapeHtml(name)} account <input name="handle" value="alice" data-testid="consent-handle" required></label>
<div class="row"><button name="decision" value="deny" data-testid="consent-deny">Cancel</button>
<button name="decision" value="allow" data-testid="consent-allow">Allow</button></div>
</form></main>`,
  )
}

/** The social popup's first page: goes on to the consent the site names (see `frame/callback.ts`). */
export function loadingPage(hosts: readonly string[]) {
  return page('Connecting…', '<main class="card"><p>Connecting…</p></main>', {
    meta: { 'wk-hosts': JSON.stringify(hosts) },
    script: '/callback.js',
  })
}

/** Where a consent ends: posts the result to the site that opened the window. */
export function callbackPage(target: string) {
  return page('Signing you in…', '<main class="card"><p id="status">Signing you in…</p></main>', {
    meta: { 'wk-target': target },
    script: '/callback.js',
  })
}

/** The Farcaster approval page (the stand-in of the Farcaster app). */
export function farcasterPage(channel: string, host: string, status: string) {
  const body =
    status === 'pending'
      ? `<p>Sign in to <strong>${escapeHtml(host)}</strong> with Farcaster?</p>
<form method="post" action="/farcaster/approve"><input type="hidden" name="channel" value="${escapeHtml(channel)}">
<label>Username <input name="username" value="alice" data-testid="farcaster-username" required></label>
<button data-testid="farcaster-approve">Approve</button></form>`
      : status === 'approved'
        ? '<p data-testid="farcaster-done">Approved. You can go back to the site.</p>'
        : '<p data-testid="farcaster-expired">This request has expired.</p>'
  return page('Farcaster', `<main class="card"><h1>Farcaster</h1>${body}</main>`)
}

/** A short message page. */
export function notice(title: string, text: string, testId: string) {
  return page(
    title,
    `<main class="card"><h1>${escapeHtml(title)}</h1><p data-testid="${escapeHtml(testId)}">${escapeHtml(text)}</p></main>`,
  )
}

/** The local mailbox: every email the login wallet sent, newest first. */
export function mailboxPage(mails: readonly Mail[]) {
  const items = mails
    .map(
      (m) => `<li class="card" data-testid="mail" data-to="${escapeHtml(m.to)}">
<p><strong>${escapeHtml(m.subject)}</strong> to <span data-testid="mail-to">${escapeHtml(m.to)}</span> at ${escapeHtml(new Date(m.at).toISOString())}</p>
${m.code ? `<p>Your code: <code data-testid="mail-code">${escapeHtml(m.code)}</code></p>` : ''}
${m.link ? `<p><a data-testid="mail-link" href="${escapeHtml(m.link)}">Approve this device</a></p>` : ''}</li>`,
    )
    .join('')
  return page(
    'Mailbox',
    `<main><h1>Mailbox</h1><p>Emails the login wallet sent. Reload to see new ones.</p><ul class="mails">${items || '<li>No email yet.</li>'}</ul></main>`,
  )
}

/** The style of every page of the stand-in. */
export const FRAME_CSS = `
body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: #111; background: #fff; }
main { padding: 16px; }
.card { max-width: 420px; margin: 0 auto 12px; padding: 16px; border: 1px solid #ddd; border-radius: 12px; list-style: none; }
.mails { padding: 0; }
h1 { font-size: 18px; margin: 0 0 12px; }
label { display: block; margin: 12px 0; }
input { display: block; width: 100%; box-sizing: border-box; padding: 8px; margin-top: 4px; }
.row { display: flex; gap: 8px; justify-content: flex-end; }
button { padding: 8px 16px; border-radius: 8px; border: 1px solid #999; background: #f4f4f4; cursor: pointer; }
button[value="allow"], button[data-testid="approve"], button[data-testid="farcaster-approve"] { background: #3b82f6; border-color: #3b82f6; color: #fff; }
pre { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 8px; border-radius: 8px; max-height: 260px; overflow: auto; }
code { font-size: 20px; letter-spacing: 0.2em; }
`
