import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { formatEther, hexToString, isHex } from 'viem'
import { testAccount } from '../chain/accounts'
import { BodyTooLargeError, readBody, sendError, sendJson } from '../http-util'
import {
  createWcWallet,
  type WcProposal,
  type WcRequest,
  type WcWallet,
  type WcWalletChain,
} from '../wc-wallet'

/** The prefix the page and its API are served under. */
export const DEVNET_MOBILE_PREFIX = '/devnet-mobile'

/** Options of {@link createDevnetMobileRoutes}. */
export interface DevnetMobileOptions {
  /** The relay stand-in's URL (ws://). */
  relayUrl: string
  projectId: string
  /** EVM chains the wallet approves and sends transactions to. */
  chains: WcWalletChain[]
}

/** A proposal as the page shows it. */
export interface MobileProposal {
  id: number
  name: string
  url: string
  /** CAIP-2 chain ids the dapp asked for (required and optional). */
  chains: string[]
  methods: string[]
}

/** A pending request as the page shows it. */
export interface MobileRequest {
  id: number
  method: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  /** One line for a person: the message, the recipient and amount, … */
  summary: string
  /** The dapp's name, when its session is known. */
  dapp: string
}

/** An open session as the page shows it. */
export interface MobileSession {
  topic: string
  name: string
  url: string
  accounts: string[]
}

/** What `GET /devnet-mobile/state` answers. */
export interface MobileState {
  proposal?: MobileProposal
  requests: MobileRequest[]
  sessions: MobileSession[]
  address: string
}

/** The "Devnet mobile wallet" page and its JSON API, served under {@link DEVNET_MOBILE_PREFIX}. */
export interface DevnetMobileRoutes {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>
  /** Closes the wallet, if one was started. Safe to call twice. */
  close(): Promise<void>
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
}

/**
 * A WalletConnect wallet driven by hand from a page: pair from a `wc:` URI, then approve or reject the proposal and
 * each request. The wallet (the project's test wallet behind a sign-client) starts on the first pairing.
 */
export function createDevnetMobileRoutes(options: DevnetMobileOptions): DevnetMobileRoutes {
  let starting: Promise<WcWallet> | undefined
  let wallet: WcWallet | undefined
  let closed = false
  let closing: Promise<void> | undefined
  const proposals: WcProposal[] = []
  const requests = new Map<number, WcRequest>()

  const start = (): Promise<WcWallet> => {
    starting ??= createWcWallet({
      relayUrl: options.relayUrl,
      projectId: options.projectId,
      chains: options.chains,
      autoRespond: false,
    }).then(
      (created) => {
        wallet = created
        void follow(created)
        return created
      },
      (error: unknown) => {
        starting = undefined
        throw error
      },
    )
    return starting
  }

  const follow = async (w: WcWallet) => {
    void (async () => {
      while (!closed) proposals.push(await w.nextProposal())
    })()
    while (!closed) {
      const request = await w.nextRequest()
      requests.set(request.id, request)
    }
  }

  const state = (): MobileState => {
    const sessions = wallet?.sessions() ?? []
    const names = new Map(sessions.map((s) => [s.topic, s.peer.metadata.name]))
    const first = proposals[0]
    return {
      ...(first && { proposal: showProposal(first) }),
      requests: [...requests.values()].map((r) => ({
        id: r.id,
        method: r.method,
        chainId: r.chainId,
        summary: summarize(r),
        dapp: names.get(r.topic) ?? '',
      })),
      sessions: sessions.map((s) => ({
        topic: s.topic,
        name: s.peer.metadata.name,
        url: s.peer.metadata.url,
        accounts: Object.values(s.namespaces).flatMap((n) => n.accounts),
      })),
      address: wallet?.address ?? testAccount(0).address,
    }
  }

  const pair = async (req: IncomingMessage) => {
    const body = await readJson(req)
    const uri = typeof body.uri === 'string' ? body.uri.trim() : ''
    const problem = checkUri(uri)
    if (problem) throw new HttpError(400, problem)
    const w = await start()
    try {
      await w.pair(uri)
    } catch (error) {
      throw new HttpError(400, `Pairing failed: ${messageOf(error)}`)
    }
  }

  const takeProposal = async (req: IncomingMessage): Promise<[WcWallet, WcProposal]> => {
    const body = await readJson(req)
    const proposal = proposals[0]
    if (!wallet || !proposal) throw new HttpError(409, 'No session proposal is waiting.')
    if (body.id !== undefined && body.id !== proposal.id) {
      throw new HttpError(409, `Proposal ${String(body.id)} is no longer the one waiting.`)
    }
    proposals.shift()
    return [wallet, proposal]
  }

  const takeRequest = (id: number): [WcWallet, WcRequest] => {
    const request = requests.get(id)
    if (!wallet || !request) throw new HttpError(404, `No request ${id} is waiting.`)
    requests.delete(id)
    return [wallet, request]
  }

  const route = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const file = FILES[path]
    if (file) {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Use GET.')
      const body = await readFile(new URL(file.file, import.meta.url))
      res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': body.length })
      return void res.end(req.method === 'HEAD' ? undefined : body)
    }
    if (path === '' || path === '/wc') {
      // `/devnet-mobile/wc?uri=…` is the wallet's deep link in the catalogue.
      res.writeHead(302, { Location: `${DEVNET_MOBILE_PREFIX}/${requestSearch(req)}` })
      return void res.end()
    }
    if (path === '/state') {
      if (req.method !== 'GET') throw new HttpError(405, 'Use GET.')
      return sendJson(res, 200, state())
    }
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST.')
    if (path === '/pair') {
      await pair(req)
      return sendJson(res, 200, { ok: true })
    }
    if (path === '/proposal/approve' || path === '/proposal/reject') {
      const [w, proposal] = await takeProposal(req)
      try {
        if (path === '/proposal/approve') await w.approve(proposal)
        else await w.reject(proposal)
      } catch (error) {
        throw new HttpError(502, `The proposal could not be answered: ${messageOf(error)}`)
      }
      return sendJson(res, 200, { ok: true })
    }
    const match = /^\/request\/(\d+)\/(approve|reject)$/.exec(path)
    if (match) {
      const [w, request] = takeRequest(Number(match[1]))
      try {
        if (match[2] === 'approve') await w.respond(request)
        else await w.respondError(request, 4001, 'User rejected the request.')
      } catch (error) {
        throw new HttpError(502, `The request could not be answered: ${messageOf(error)}`)
      }
      return sendJson(res, 200, { ok: true })
    }
    throw new HttpError(404, `Not found: ${DEVNET_MOBILE_PREFIX}${path}`)
  }

  return {
    async handle(req, res, url) {
      try {
        await route(req, res, url.pathname.slice(DEVNET_MOBILE_PREFIX.length))
      } catch (error) {
        if (res.headersSent) return void res.destroy()
        const status = error instanceof HttpError ? error.status : 500
        sendError(res, status, messageOf(error))
      }
    },
    close() {
      closed = true
      closing ??= (async () => {
        const w = await starting?.catch(() => undefined)
        await w?.close()
      })()
      return closing
    },
  }
}

/** Why `uri` is not a WalletConnect v2 pairing URI, or undefined when it is one. */
export function checkUri(uri: string): string | undefined {
  if (!uri) return 'Paste a WalletConnect URI (it starts with "wc:").'
  if (!uri.startsWith('wc:')) return 'Not a WalletConnect URI: it must start with "wc:".'
  const match = /^wc:([0-9a-f]{64})@2\?(.*)$/i.exec(uri)
  if (!match) return 'Not a WalletConnect v2 URI: expected "wc:<64 hex topic>@2?…".'
  const query = new URLSearchParams(match[2])
  if (!/^[0-9a-f]{64}$/i.test(query.get('symKey') ?? '')) {
    return 'The WalletConnect URI has no valid "symKey" (64 hex characters).'
  }
  if (!query.get('relay-protocol')) return 'The WalletConnect URI has no "relay-protocol".'
  return undefined
}

/** A one-line description of a request for a person. */
export function summarize(request: WcRequest): string {
  const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
  switch (request.method) {
    case 'personal_sign':
      return `Sign message: ${readable(params[0])}`
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as { to?: unknown; value?: unknown; data?: unknown }
      const value = typeof tx.value === 'string' && isHex(tx.value) ? BigInt(tx.value) : 0n
      const to = typeof tx.to === 'string' ? tx.to : '(contract creation)'
      // An ERC-20 transfer(address,uint256): say what moves where, in the token's base units.
      const transfer =
        typeof tx.data === 'string'
          ? /^0xa9059cbb0{24}([0-9a-f]{40})([0-9a-f]{64})$/i.exec(tx.data)
          : null
      if (transfer)
        return `Transfer ${BigInt(`0x${transfer[2]}`)} base units of token ${to} to 0x${transfer[1]}`
      const data = typeof tx.data === 'string' && tx.data !== '0x' ? ', with data' : ''
      return `Send ${formatEther(value)} ETH to ${to}${data}`
    }
    case 'eth_signTypedData_v4': {
      const raw = params[1]
      try {
        const typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
          primaryType?: string
          domain?: { name?: string }
        }
        return `Sign typed data: ${typed.primaryType ?? '?'} for ${typed.domain?.name ?? '(no name)'}`
      } catch {
        return 'Sign typed data (unreadable)'
      }
    }
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain': {
      const chain = (params[0] ?? {}) as { chainId?: unknown }
      const id =
        typeof chain.chainId === 'string' && isHex(chain.chainId) ? Number(chain.chainId) : '?'
      return `Use chain ${id}`
    }
    default:
      return shorten(JSON.stringify(request.params) ?? '')
  }
}

function showProposal(proposal: WcProposal): MobileProposal {
  const namespaces = [
    ...Object.values(proposal.requiredNamespaces),
    ...Object.values(proposal.optionalNamespaces),
  ]
  return {
    id: proposal.id,
    name: proposal.proposer.metadata.name,
    url: proposal.proposer.metadata.url,
    chains: [...new Set(namespaces.flatMap((n) => n.chains ?? []))],
    methods: [...new Set(namespaces.flatMap((n) => n.methods ?? []))],
  }
}

/** A personal_sign message as text when it is printable UTF-8, else as hex. */
function readable(message: unknown): string {
  if (typeof message !== 'string') return shorten(JSON.stringify(message) ?? '')
  if (!isHex(message)) return shorten(message)
  const text = hexToString(message)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean not text
  const printable = !text.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F]/.test(text)
  return shorten(printable ? text : message)
}

function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function messageOf(error: unknown): string {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  return String(shortMessage ?? message ?? error)
}

function requestSearch(req: IncomingMessage): string {
  const raw = req.url ?? ''
  const at = raw.indexOf('?')
  return at === -1 ? '' : raw.slice(at)
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readBody(req, 64 * 1024)
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new HttpError(413, 'The request body is too large.')
    throw error
  }
  if (!text.trim()) return {}
  try {
    const body: unknown = JSON.parse(text)
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return body as Record<string, unknown>
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'The request body must be a JSON object.')
}
