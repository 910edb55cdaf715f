import type { IncomingMessage } from 'node:http'

/** The project id registered by default: the demo's. */
export const DEMO_PROJECT_ID = '0123456789abcdef0123456789abcdef'

const PROJECT_ID = /^[0-9a-f]{32}$/

/** Who is calling, as the public services read it from every request. */
export interface Caller {
  projectId: string
  sdkType: string
  sdkVersion: string
  clientId: string | null
}

/** Why a request was refused: the status and the `{ message }` to answer with. */
export interface Refusal {
  status: 400 | 403
  message: string
}

/** A query parameter, falling back to its header form (the services accept both). */
function param(req: IncomingMessage, query: URLSearchParams, name: string, header: string) {
  const fromQuery = query.get(name)
  if (fromQuery !== null) return fromQuery
  const fromHeader = req.headers[header]
  return typeof fromHeader === 'string' ? fromHeader : null
}

/**
 * Reads `projectId`, `st`, `sv` and `clientId` from the query (or the `x-project-id`,
 * `x-sdk-type`, `x-sdk-version`, `x-client-id` headers) and checks them: missing or malformed → 400,
 * well-formed but not in `registered` → 403.
 */
export function checkCaller(
  req: IncomingMessage,
  query: URLSearchParams,
  registered: ReadonlySet<string>,
): Caller | Refusal {
  const projectId = param(req, query, 'projectId', 'x-project-id')
  const sdkType = param(req, query, 'st', 'x-sdk-type')
  const sdkVersion = param(req, query, 'sv', 'x-sdk-version')
  const clientId = param(req, query, 'clientId', 'x-client-id')
  if (!projectId) return { status: 400, message: 'Missing projectId' }
  if (!PROJECT_ID.test(projectId)) {
    return { status: 400, message: 'Invalid projectId: expected 32 lowercase hex characters' }
  }
  if (!sdkType) return { status: 400, message: 'Missing SDK type (st)' }
  if (!sdkVersion) return { status: 400, message: 'Missing SDK version (sv)' }
  if (!registered.has(projectId)) {
    return { status: 403, message: `Project ${projectId} is not registered` }
  }
  return { projectId, sdkType, sdkVersion, clientId: clientId || null }
}

/** Whether {@link checkCaller} refused the request. */
export function isRefusal(result: Caller | Refusal): result is Refusal {
  return 'status' in result
}
