// The Devnet mobile wallet page: polls /devnet-mobile/state and posts the visitor's answers.
const BASE = '/devnet-mobile'
const POLL_MS = 1000

const $ = (id) => {
  const node = document.getElementById(id)
  if (!node) throw new Error(`Missing #${id}`)
  return node
}

function el(tag, text, className) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function showError(message) {
  const box = $('error')
  box.textContent = message
  box.hidden = !message
}

function showNotice(message) {
  const box = $('notice')
  box.textContent = message
  box.hidden = !message
}

async function call(path, body) {
  const init =
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }
  let res
  try {
    res = await fetch(BASE + path, init)
  } catch {
    throw new Error('The stack is not answering: is `npm start` still running?')
  }
  const data = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(data.message || `${res.status} ${res.statusText}`)
  return data
}

// Posts an answer; the buttons stay disabled until it is done.
async function act(buttons, path, body, done) {
  for (const b of buttons) b.disabled = true
  showError('')
  showNotice('')
  try {
    await call(path, body)
    if (done) showNotice(done)
  } catch (error) {
    showError(error.message)
  } finally {
    for (const b of buttons) b.disabled = false
    await refresh()
  }
}

function renderProposal(proposal) {
  const section = $('proposal')
  section.hidden = !proposal
  const body = $('proposal-body')
  body.replaceChildren()
  if (!proposal) return
  section.dataset.id = String(proposal.id)
  section.dataset.url = proposal.url
  body.append(
    el('div', proposal.name || '(unnamed dapp)'),
    el('div', proposal.url, 'muted mono'),
    el('div', `Chains: ${proposal.chains.join(', ') || '(none)'}`, 'muted'),
    el('div', `Methods: ${proposal.methods.join(', ') || '(none)'}`, 'muted'),
  )
}

function renderRequests(requests) {
  const list = $('requests')
  list.replaceChildren()
  if (requests.length === 0) list.append(el('div', 'No request waiting.', 'muted'))
  for (const request of requests) {
    const card = el('div', undefined, 'card')
    const approve = el('button', 'Approve', 'primary')
    const reject = el('button', 'Reject')
    approve.type = 'button'
    reject.type = 'button'
    const buttons = [approve, reject]
    const path = `/request/${request.id}`
    approve.addEventListener('click', () =>
      act(buttons, `${path}/approve`, {}, `Approved ${request.method}.`),
    )
    reject.addEventListener('click', () =>
      act(buttons, `${path}/reject`, {}, `Rejected ${request.method}.`),
    )
    const actions = el('div', undefined, 'actions')
    actions.append(approve, reject)
    card.append(
      el('strong', request.method),
      el('div', `${request.dapp || 'Unknown dapp'} on ${request.chainId}`, 'muted'),
      el('div', request.summary, 'mono'),
      actions,
    )
    list.append(card)
  }
}

function renderSessions(sessions) {
  const list = $('sessions')
  list.replaceChildren()
  if (sessions.length === 0) list.append(el('div', 'Not connected to any dapp.', 'muted'))
  for (const session of sessions) {
    const card = el('div', undefined, 'card')
    card.append(
      el('strong', session.name || '(unnamed dapp)'),
      el('div', session.url, 'muted mono'),
      el('div', session.accounts.join('\n'), 'muted mono'),
    )
    list.append(card)
  }
}

// A request being answered keeps its card (and disabled buttons) until the next poll.
let shown = ''
let polling = false
async function refresh() {
  if (polling) return
  polling = true
  try {
    const state = await call('/state')
    const key = JSON.stringify(state)
    if (key !== shown) {
      shown = key
      $('address').textContent = state.address
      renderProposal(state.proposal)
      renderRequests(state.requests)
      renderSessions(state.sessions)
    }
    if ($('error').dataset.poll) showError('')
    delete $('error').dataset.poll
  } catch (error) {
    showError(error.message)
    $('error').dataset.poll = '1'
  } finally {
    polling = false
  }
}

// Opened by a wallet link (`/devnet-mobile/wc?uri=…`), the page pairs at once, as a wallet app
// does, and once the visitor approved, offers the way back to the site that sent them.
let returnTo = null

function showReturn(url) {
  const back = $('return')
  back.hidden = !url
  if (!url) return
  back.onclick = () => {
    // Back where the visitor came from; a page opened on its own goes to the site's address.
    if (history.length > 1) history.back()
    else location.href = url
  }
}

function init() {
  const uri = $('uri')
  const fromLink = new URLSearchParams(location.search).get('uri')
  const pair = $('pair')
  const pairNow = () =>
    act(
      [pair],
      '/pair',
      { uri: uri.value.trim() },
      'Paired: the connection request appears below.',
    ).then(() => {
      if ($('error').hidden) uri.value = ''
    })
  pair.addEventListener('click', pairNow)
  const approve = $('proposal-approve')
  const reject = $('proposal-reject')
  const proposalId = () => Number($('proposal').dataset.id)
  approve.addEventListener('click', () => {
    const site = $('proposal').dataset.url
    act([approve, reject], '/proposal/approve', { id: proposalId() }, 'Connected.').then(() => {
      if (returnTo !== null && $('error').hidden) showReturn(site || returnTo)
    })
  })
  reject.addEventListener('click', () =>
    act([approve, reject], '/proposal/reject', { id: proposalId() }, 'Connection rejected.'),
  )
  if (fromLink) {
    uri.value = fromLink
    returnTo = document.referrer || ''
    // A reload of this page must not pair the same URI again.
    history.replaceState(null, '', location.pathname)
    void pairNow()
  }
  void refresh()
  setInterval(refresh, POLL_MS)
}

init()
