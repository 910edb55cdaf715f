import { HTTP_MAX_JSON_BYTES, HTTP_TIMEOUT_MS, IMAGE_MAX_BYTES } from '../core/constants.js'
import { HttpRequestError, InvalidResponseError } from '../core/errors/http.js'
import { readBodyBytes, readBodyText } from './body.js'
import { requestFailure } from './failure.js'

/** How a service client identifies the SDK and the visitor (SPEC §7). */
export type HttpClientParameters = {
  /** Base URL of the service. */
  baseUrl: string
  /** The project id, sent as `projectId`. */
  projectId: string
  /** SDK type, sent as `st`. */
  sdkType: string
  /** SDK version, sent as `sv`. */
  sdkVersion: string
  /** The visitor's client id, sent as `clientId` when set. */
  getClientId?: () => string | undefined
  /** Time-out of one request, in ms. Default HTTP_TIMEOUT_MS. */
  timeoutMs?: number
  /** The fetch to use (tests). */
  fetch?: typeof fetch
}

/** One request. */
export type HttpRequest = {
  path: string
  /** Query params; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>
  /** JSON body: makes the request a POST. */
  body?: unknown
  /** Abort from outside (e.g. a newer search). */
  signal?: AbortSignal | undefined
  /**
   * Where projectId goes: the query (with st and sv; the default), the JSON body (st and sv stay in
   * the query, SPEC §7), or nowhere (nor st and sv).
   */
  identify?: 'query' | 'body' | 'none'
  /**
   * Largest body read, in bytes; a longer one is refused before parsing (ResponseTooLargeError).
   * Default HTTP_MAX_JSON_BYTES for JSON, IMAGE_MAX_BYTES for blobs.
   */
  maxBytes?: number
}

/** Bytes of an error answer read for the developer's message (only the first 1 000 characters are kept). */
const ERROR_BODY_MAX_BYTES = 4096
/** Bytes of an answer to a POST whose body the kit does not use. */
const IGNORED_BODY_MAX_BYTES = 64 * 1024

/** A service client: JSON in, JSON or a Blob out, errors as WalletKit errors. */
export type HttpClient = ReturnType<typeof createHttpClient>

const CREDENTIAL_PARAMS = ['projectId', 'clientId']

/**
 * Creates a service client. Every call carries the project id, the SDK type and version and (when
 * set) the client id, has a time-out, and throws HttpRequestError (`HTTP status code: {n}`),
 * TimeoutError, NetworkRequestError or InvalidResponseError.
 */
export function createHttpClient(parameters: HttpClientParameters) {
  const timeoutMs = parameters.timeoutMs ?? HTTP_TIMEOUT_MS
  const doFetch = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init))

  function buildUrl(request: HttpRequest): URL {
    const url = new URL(
      request.path.replace(/^\//, ''),
      `${parameters.baseUrl.replace(/\/$/, '')}/`,
    )
    const params: Record<string, string | number | boolean | undefined> = { ...request.params }
    const identify = request.identify ?? 'query'
    if (identify === 'query') params.projectId = parameters.projectId
    if (identify !== 'none') {
      params.st = parameters.sdkType
      params.sv = parameters.sdkVersion
    }
    const clientId = parameters.getClientId?.()
    if (clientId) params.clientId = clientId
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(key, String(value))
    return url
  }

  /** Sends the request and reads its body with `read`, both within the time-out. */
  async function send<T>(
    request: HttpRequest,
    read: (response: Response) => Promise<T>,
    redirect: RequestRedirect = 'follow',
  ): Promise<T> {
    const url = buildUrl(request)
    const safeUrl = redact(url)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort('timeout'), timeoutMs)
    const onAbort = () => controller.abort('aborted')
    request.signal?.addEventListener('abort', onAbort)
    if (request.signal?.aborted) onAbort()
    let body: string | undefined
    if (request.body !== undefined) {
      const payload =
        request.identify === 'body'
          ? { projectId: parameters.projectId, ...(request.body as object) }
          : request.body
      body = JSON.stringify(payload)
    }
    try {
      const response = await doFetch(url.href, {
        method: body === undefined ? 'GET' : 'POST',
        // text/plain keeps a POST "simple": no CORS preflight round trip.
        headers: body === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' },
        body: body ?? null,
        signal: controller.signal,
        credentials: 'omit',
        referrerPolicy: 'strict-origin',
        redirect,
      })
      if (!response.ok) {
        const text = await readBodyText(response, ERROR_BODY_MAX_BYTES, safeUrl, {
          truncate: true,
        }).catch(() => '')
        throw new HttpRequestError({
          status: response.status,
          url: safeUrl,
          body: text.slice(0, 1000),
        })
      }
      return await read(response)
    } catch (error) {
      const timedOut = controller.signal.aborted && controller.signal.reason === 'timeout'
      const known = error instanceof HttpRequestError || error instanceof InvalidResponseError
      if (!known && !timedOut && request.signal?.aborted)
        throw request.signal.reason instanceof Error
          ? request.signal.reason
          : new DOMException('The request was aborted.', 'AbortError')
      throw requestFailure(error, timedOut, safeUrl, timeoutMs)
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    /** The full URL of a request (its identification included), for `sendBeacon`. */
    url: (request: HttpRequest): string => buildUrl(request).href,
    /** GETs or POSTs and parses JSON; `parse` checks the shape and returns the typed value. */
    json<T>(request: HttpRequest, parse: (value: unknown) => T): Promise<T> {
      const url = redact(buildUrl(request))
      return send(request, async (response) => {
        const text = await readBodyText(response, request.maxBytes ?? HTTP_MAX_JSON_BYTES, url)
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch {
          throw new InvalidResponseError({ url, reason: 'not JSON' })
        }
        try {
          return parse(value)
        } catch (error) {
          throw new InvalidResponseError({
            url,
            reason: error instanceof Error ? error.message : 'wrong shape',
          })
        }
      })
    },
    /**
     * GETs a binary resource (images), at most `maxBytes` (default IMAGE_MAX_BYTES). A redirect is
     * refused before it is followed: it could take the request to a host that learns who asked.
     */
    blob(request: HttpRequest): Promise<Blob> {
      const url = redact(buildUrl(request))
      return send(
        request,
        async (response) => {
          const bytes = await readBodyBytes(response, request.maxBytes ?? IMAGE_MAX_BYTES, url)
          return new Blob([bytes as BlobPart], { type: response.headers.get('content-type') ?? '' })
        },
        'error',
      )
    },
    /** POSTs; the answer's body is read (within a small cap) and dropped. */
    post(request: HttpRequest): Promise<void> {
      const url = redact(buildUrl(request))
      return send(request, async (response) => {
        await readBodyBytes(response, IGNORED_BODY_MAX_BYTES, url).catch(() => undefined)
      })
    },
  }
}

/**
 * GETs an image by absolute URL (a site's custom wallet image, an identity's avatar on a service
 * origin): no credentials, no referrer, no redirect (one could lead to a host the URL's scope does
 * not allow, which would learn the visitor's address and IP), the time-out and the size cap of
 * every service call.
 *
 * @param url - The image URL, already allowed by the caller.
 * @param options - Time-out and size cap; defaults HTTP_TIMEOUT_MS and IMAGE_MAX_BYTES.
 * @returns The body as a Blob of the type the server declared (the image cache checks the bytes).
 */
export async function fetchBlob(
  url: string,
  { timeoutMs = HTTP_TIMEOUT_MS, maxBytes = IMAGE_MAX_BYTES } = {},
): Promise<Blob> {
  const safeUrl = redact(new URL(url))
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort('timeout'), timeoutMs)
  try {
    const response = await globalThis.fetch(url, {
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'error',
    })
    if (!response.ok) throw new HttpRequestError({ status: response.status, url: safeUrl })
    const bytes = await readBodyBytes(response, maxBytes, safeUrl)
    return new Blob([bytes as BlobPart], { type: response.headers.get('content-type') ?? '' })
  } catch (error) {
    throw requestFailure(error, controller.signal.aborted, safeUrl, timeoutMs)
  } finally {
    clearTimeout(timer)
  }
}

function redact(url: URL): string {
  const copy = new URL(url.href)
  for (const key of CREDENTIAL_PARAMS) copy.searchParams.delete(key)
  copy.username = ''
  copy.password = ''
  return copy.href
}
