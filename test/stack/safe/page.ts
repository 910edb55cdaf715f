/** What one Safe parent page is rendered with. */
export type ParentPageConfig = {
  /** The app the Safe opens in its frame (a URL on the app server). */
  appSrc: string
  chainId: number
  safeAddress: string
  methods: readonly string[]
  version: string
  /** `getSafeInfo`'s answer, given at once by the page as the Safe web wallet does. */
  info: unknown
  /** The parent never answers (rendered when the page loads). */
  silent: boolean
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The Safe web wallet stand-in's page: the Safe on top, the app in an iframe below, and the
 * owner's confirmation of each transaction or signature when approval is manual.
 */
export function renderParentPage(config: ParentPageConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Safe (local stand-in)</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #f4f4f4; }
  header { padding: 12px 16px; background: #121312; color: #fff; display: flex; gap: 16px; }
  header code { color: #12ff80; }
  #requests:empty { display: none; }
  #requests { padding: 12px 16px; background: #fff7e6; border-bottom: 1px solid #e0c080; }
  #requests pre { white-space: pre-wrap; word-break: break-all; margin: 4px 0; }
  iframe { display: block; width: 100%; height: calc(100vh - 48px); border: 0; background: #fff; }
</style>
</head>
<body data-app-origin="${escapeHtml(new URL(config.appSrc).origin)}" data-chain="${config.chainId}"
  data-methods="${escapeHtml(JSON.stringify(config.methods))}" data-version="${escapeHtml(config.version)}"
  data-safe-info="${escapeHtml(JSON.stringify(config.info))}" data-silent="${config.silent}">
<header><strong>Safe</strong><span>chain ${config.chainId}</span><code data-testid="safe-address">${escapeHtml(config.safeAddress)}</code></header>
<section id="requests" aria-live="polite"></section>
<iframe id="app" title="Safe App" src="${escapeHtml(config.appSrc)}" allow="clipboard-write"></iframe>
<script src="/parent.js"></script>
</body>
</html>
`
}

/**
 * The message the parent posts back for Node's answer (`{ data }` or `{ error }`): the shape of
 * the Safe web wallet's answers. The page script embeds this very function.
 */
export function formatReply(
  id: string,
  answer: { data: unknown } | { error: string },
  version: string,
): Record<string, unknown> {
  return 'data' in answer
    ? { id, success: true, version, data: answer.data }
    : { id, success: false, version, error: answer.error }
}

/**
 * The page's script: answers the Safe Apps messages of the app frame (only from that frame and its
 * origin, only known methods): `getSafeInfo` at once, the others by asking Node (`POST /rpc`), shows the owner a
 * confirmation when Node says so, and posts the answer to the frame's exact origin.
 */
export const PARENT_SCRIPT = `(() => {
  'use strict';
  const frame = document.getElementById('app');
  const { appOrigin, chain, version } = document.body.dataset;
  const methods = new Set(JSON.parse(document.body.dataset.methods));
  const info = JSON.parse(document.body.dataset.safeInfo);
  const silent = document.body.dataset.silent === 'true';
  const requests = document.getElementById('requests');
  const formatReply = ${formatReply.toString()};

  const call = async (body) => {
    const response = await fetch('/rpc?chain=' + encodeURIComponent(chain), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json();
  };

  // The owner's confirmation screen: the request in full, Approve or Reject.
  const askOwner = (message) => new Promise((resolve) => {
    const box = document.createElement('div');
    box.dataset.testid = 'safe-request';
    const title = document.createElement('strong');
    title.textContent = message.method === 'sendTransactions' ? 'Confirm transaction' : 'Confirm signature';
    const detail = document.createElement('pre');
    detail.textContent = JSON.stringify(message.params, null, 2);
    const approve = document.createElement('button');
    approve.textContent = 'Approve';
    approve.dataset.testid = 'safe-approve';
    const reject = document.createElement('button');
    reject.textContent = 'Reject';
    reject.dataset.testid = 'safe-reject';
    const done = (decision) => { box.remove(); resolve(decision); };
    approve.addEventListener('click', () => done('approve'));
    reject.addEventListener('click', () => done('reject'));
    box.append(title, detail, approve, ' ', reject);
    requests.append(box);
  });

  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.id !== 'string') return;
    if (!methods.has(message.method) || !message.env || typeof message.env.sdkVersion !== 'string') return;
    const request = { id: message.id, method: message.method, params: message.params, origin: event.origin };
    // The Safe is described at once, from the page, as the Safe web wallet does; Node logs it.
    if (message.method === 'getSafeInfo') {
      void call(request);
      if (!silent) frame.contentWindow.postMessage(formatReply(message.id, { data: info }, version), appOrigin);
      return;
    }
    let answer = await call(request);
    if (answer.ask) answer = await call({ ...request, decision: await askOwner(message) });
    if (answer.silent) return;
    frame.contentWindow.postMessage(formatReply(message.id, answer, version), appOrigin);
  });
})();
`
