import type { CheckoutSession } from './sessions.js'

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}dd{margin:0;word-break:break-all}
form{display:inline}button{font:inherit;padding:.6rem 1.2rem;border-radius:.6rem;border:1px solid #ccc;margin-right:.5rem;cursor:pointer}
button[value=pay]{background:#3b5bdb;color:#fff;border-color:#3b5bdb}.note{color:#666;font-size:.9rem}`

/** The page a buyer sees, for a session in any state. */
export function checkoutPage(session: CheckoutSession | undefined): string {
  if (!session)
    return page('Checkout not found', '<p>This checkout link is unknown or has expired.</p>')
  const { quote, address, listing } = session
  const rows = [
    ['You pay', `${quote.paymentTotal.amount} ${quote.paymentTotal.currency}`],
    ['Fees', quote.fees.map((f) => `${f.type} ${f.amount}`).join(', ')],
    ['You receive', `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency}`],
    ['Network', listing.network.display_name],
    ['To', address],
  ]
  const summary = `<dl>${rows.map(([k, v]) => `<dt>${html(k ?? '')}</dt><dd data-testid="checkout-${html((k ?? '').toLowerCase().replace(/ /g, '-'))}">${html(v ?? '')}</dd>`).join('')}</dl>`
  const path = `/buy/${encodeURIComponent(session.id)}`
  switch (session.status) {
    case 'open':
      return page(
        'Buy crypto',
        `${summary}<form method="post" action="${path}/pay"><button name="action" value="pay" data-testid="checkout-pay">Pay</button></form><form method="post" action="${path}/cancel"><button name="action" value="cancel" data-testid="checkout-cancel">Cancel</button></form><p class="note">Devnet checkout: no money moves; Pay credits the amount on the local chain.</p>`,
      )
    case 'paid':
      return page(
        'Payment complete',
        `${summary}<p data-testid="checkout-status">Paid. Transaction <code>${html(session.payout?.hash ?? '')}</code>.</p><button type="button" onclick="window.close()" data-testid="checkout-close">Close this window</button>`,
      )
    case 'cancelled':
      return page(
        'Purchase cancelled',
        `<p data-testid="checkout-status">Cancelled: nothing was charged.</p><script>window.close()</script>`,
      )
    case 'failed':
      return page(
        'Payment failed',
        `<p data-testid="checkout-status">${html(session.error ?? 'Payment failed')}</p>`,
      )
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(title)} · Devnet checkout</title><style>${STYLE}</style></head><body><h1>${html(title)}</h1>${body}</body></html>`
}
