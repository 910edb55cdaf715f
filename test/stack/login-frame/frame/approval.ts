/** What an approval shows: a title, a few lines, and the raw request when it helps. */
export type ApprovalSummary = { title: string; lines: string[]; detail?: string | undefined }

const WEI_PER_ETHER = 10n ** 18n

/** Wei (a hex quantity) as ether, without rounding. */
function ether(value: unknown): string {
  const wei = typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : 0n
  const whole = wei / WEI_PER_ETHER
  const fraction = (wei % WEI_PER_ETHER).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** A hex message as text when it is UTF-8, else as it is. */
function messageText(value: unknown): string {
  if (typeof value !== 'string') return ''
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) return value
  const bytes = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return value
  }
}

/** What the visitor is asked to approve, in plain words. */
export function summarize(method: string, params: readonly unknown[]): ApprovalSummary {
  switch (method) {
    case 'personal_sign':
      return { title: 'Sign this message', lines: [], detail: messageText(params[0]) }
    case 'eth_signTypedData_v4':
      return { title: 'Sign typed data', lines: [], detail: String(params[1] ?? '') }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as { to?: string; value?: string; data?: string }
      return {
        title: 'Approve transaction',
        lines: [
          `Send ${ether(tx.value)} ETH`,
          `To ${tx.to ?? '(new contract)'}`,
          ...(tx.data && tx.data !== '0x' ? ['With contract data'] : []),
        ],
        detail: tx.data && tx.data !== '0x' ? tx.data : undefined,
      }
    }
    default:
      return { title: `Approve ${method}`, lines: [], detail: JSON.stringify(params) }
  }
}

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  testId?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (testId) node.setAttribute('data-testid', testId)
  return node
}

/**
 * Shows the approval in the frame's own document (the kit shows the frame meanwhile) and resolves
 * with the visitor's decision; `cancel()` (the kit's RPC_ABORT) takes it down as declined.
 */
export function askApproval(summary: ApprovalSummary, site: string) {
  const root = document.getElementById('approval') as HTMLElement
  let settle: (approved: boolean) => void = () => undefined
  const decision = new Promise<boolean>((resolve) => {
    settle = (approved) => {
      root.hidden = true
      root.replaceChildren()
      resolve(approved)
    }
  })
  const card = element('div')
  card.className = 'card'
  card.append(element('h1', summary.title, 'approval-title'), element('p', `Requested by ${site}`))
  for (const line of summary.lines) card.append(element('p', line, 'approval-line'))
  if (summary.detail) card.append(element('pre', summary.detail, 'approval-detail'))
  const row = element('div')
  row.className = 'row'
  const reject = element('button', 'Reject', 'reject')
  const approve = element('button', 'Approve', 'approve')
  reject.addEventListener('click', () => settle(false))
  approve.addEventListener('click', () => settle(true))
  // Focus is in this document while it is shown: Escape here declines, as the kit's would.
  card.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') settle(false)
  })
  row.append(reject, approve)
  card.append(row)
  root.replaceChildren(card)
  root.hidden = false
  approve.focus()
  return { decision, cancel: () => settle(false) }
}
