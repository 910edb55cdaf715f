import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createPublicClient, type Hex, http, verifyMessage as verifyEoa } from 'viem'
import { verifyMessage } from 'viem/actions'
import { parseSiweMessage } from 'viem/siwe'
import { LOCAL_CHAIN_IDS } from '../chain/start-chains'
import { BodyTooLargeError, readBody, sendError, sendJson } from '../http-util'

/**
 * A site's sign-in server, as a demo page uses it through WalletKit's `siwx.getNonce` and
 * `siwx.verify` hooks: it issues single-use nonces and verifies EIP-4361 sign-ins the way a
 * server must (its own domain, a nonce it issued, the validity period, and the signature on the
 * chain, so that contract accounts verify too).
 *
 * Routes, under the prefix it is mounted at (`/siwx` on the app server):
 * - `GET  /nonce`  → `{ nonce }`
 * - `POST /verify` `{ message, signature }` → 200 `{ valid: true, address, chainId }`, or
 *   401 `{ valid: false, reason }`; a malformed request is 400. With `?signer=eoa` it checks
 *   the signature as an EOA's only, as a site's server that does not know contract accounts does.
 */
export interface SiwxVerifier {
  /** Serves a request whose path is below the mount prefix (`/nonce`, `/verify`). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>
  /** Nonces issued and not yet used. */
  readonly issued: ReadonlySet<string>
  /** Every verification, oldest first. */
  readonly verifications: readonly Verification[]
  /** Forgets nonces and verifications. */
  reset(): void
}

/** One `POST /verify` and its outcome. */
export type Verification =
  | { valid: true; address: string; chainId: number; nonce: string; message: string }
  | { valid: false; reason: VerifierReason; message: string }

/** Why the verifier refused a sign-in. */
export type VerifierReason =
  | 'malformed'
  | 'domain-mismatch'
  | 'uri-mismatch'
  | 'unknown-nonce'
  | 'expired'
  | 'not-yet-valid'
  | 'unknown-chain'
  | 'bad-signature'

/** Options of {@link createSiwxVerifier}. */
export interface SiwxVerifierOptions {
  /** JSON-RPC URL per decimal chain id; chains without one verify EOA signatures only. */
  rpc: Readonly<Record<string, string>>
  /** Chain ids it accepts; default the stack's local chains. */
  chainIds?: readonly number[]
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A 20-character alphanumeric nonce from Node's CSPRNG. */
function newNonce(): string {
  return [...randomBytes(40)]
    .filter((b) => b < 248)
    .slice(0, 20)
    .map((b) => ALPHANUMERIC[b % 62])
    .join('')
}

/** Creates the verifier; mount its `handle` on the app server (see `startStack`). */
export function createSiwxVerifier(options: SiwxVerifierOptions): SiwxVerifier {
  const issued = new Set<string>()
  const verifications: Verification[] = []
  const chainIds = options.chainIds ?? LOCAL_CHAIN_IDS
  const clients = new Map<number, ReturnType<typeof createPublicClient>>()
  const clientFor = (chainId: number) => {
    const url = options.rpc[String(chainId)]
    if (!url) return undefined
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 0 }) })
      clients.set(chainId, client)
    }
    return client
  }

  async function verify(req: IncomingMessage, input: unknown): Promise<Verification> {
    const { message, signature } = (input ?? {}) as { message?: unknown; signature?: unknown }
    if (
      typeof message !== 'string' ||
      typeof signature !== 'string' ||
      !/^0x[0-9a-fA-F]+$/.test(signature)
    )
      return { valid: false, reason: 'malformed', message: String(message) }
    const refuse = (reason: VerifierReason): Verification => ({ valid: false, reason, message })
    const fields = parseSiweMessage(message)
    if (
      !fields.address ||
      !fields.nonce ||
      !fields.uri ||
      !fields.domain ||
      fields.chainId === undefined
    )
      return refuse('malformed')
    // The site's own domain is the host the browser sent this request to.
    const host = req.headers.host ?? ''
    if (fields.domain !== host) return refuse('domain-mismatch')
    let origin: string | undefined
    try {
      origin = new URL(fields.uri).origin
    } catch {}
    if (origin !== `http://${host}` || (req.headers.origin && req.headers.origin !== origin))
      return refuse('uri-mismatch')
    // Single use: any attempt that names an issued nonce spends it.
    if (!issued.delete(fields.nonce)) return refuse('unknown-nonce')
    const now = Date.now()
    if (fields.expirationTime && !(fields.expirationTime.getTime() > now)) return refuse('expired')
    if (fields.notBefore && !(fields.notBefore.getTime() <= now)) return refuse('not-yet-valid')
    if (!chainIds.includes(fields.chainId)) return refuse('unknown-chain')
    const eoaOnly = new URL(req.url ?? '/', 'http://x').searchParams.get('signer') === 'eoa'
    const client = eoaOnly ? undefined : clientFor(fields.chainId)
    const parameters = { address: fields.address, message, signature: signature as Hex }
    const valid = await (client ? verifyMessage(client, parameters) : verifyEoa(parameters)).catch(
      () => false,
    )
    if (!valid) return refuse('bad-signature')
    return {
      valid: true,
      address: fields.address,
      chainId: fields.chainId,
      nonce: fields.nonce,
      message,
    }
  }

  return {
    issued,
    verifications,
    async handle(req, res, path) {
      res.setHeader('Cache-Control', 'no-store')
      if (path === '/nonce' && req.method === 'GET') {
        const nonce = newNonce()
        issued.add(nonce)
        return sendJson(res, 200, { nonce })
      }
      if (path === '/verify' && req.method === 'POST') {
        let input: unknown
        try {
          input = JSON.parse(await readBody(req, 16 * 1024))
        } catch (error) {
          if (error instanceof BodyTooLargeError) return sendError(res, 413, 'Body too large')
          return sendError(res, 400, 'Expected a JSON body { message, signature }')
        }
        const result = await verify(req, input)
        verifications.push(result)
        if (result.valid)
          return sendJson(res, 200, {
            valid: true,
            address: result.address,
            chainId: result.chainId,
          })
        return sendJson(res, result.reason === 'malformed' ? 400 : 401, {
          valid: false,
          reason: result.reason,
        })
      }
      return sendError(res, 404, `Not found: ${path}`)
    },
    reset() {
      issued.clear()
      verifications.splice(0)
    },
  }
}
