import { ResponseTooLargeError } from '../core/errors/http.js'

/**
 * Reads a response body, refusing it as soon as it passes `maxBytes`: a declared
 * `Content-Length` over the limit is refused unread, and a streamed body is cancelled at the byte
 * that crosses it, so a hostile service cannot make the page hold (or parse) an endless answer.
 *
 * @param response - The response whose body to read.
 * @param maxBytes - The most bytes accepted.
 * @param url - The request's URL without credentials, for the error.
 * @param options - `truncate`: keep the first `maxBytes` of a longer body instead of refusing it.
 * @throws ResponseTooLargeError when the body is larger.
 */
export async function readBodyBytes(
  response: Response,
  maxBytes: number,
  url: string,
  { truncate = false }: { truncate?: boolean } = {},
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  const tooLarge = () => new ResponseTooLargeError({ url, maxBytes })
  if (declared > maxBytes && !truncate) {
    void response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  const reader = response.body?.getReader()
  if (!reader) {
    const whole = new Uint8Array(await response.arrayBuffer())
    if (whole.length > maxBytes && !truncate) throw tooLarge()
    return whole.subarray(0, maxBytes)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > maxBytes) {
      void reader.cancel().catch(() => undefined)
      if (!truncate) throw tooLarge()
      chunks.push(value.subarray(0, maxBytes - size))
      size = maxBytes
      break
    }
    size += value.byteLength
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * Reads a response body as UTF-8 text within `maxBytes` (see {@link readBodyBytes}); with
 * `truncate`, a longer body gives its first `maxBytes` instead of an error.
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  url: string,
  options: { truncate?: boolean } = {},
): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(response, maxBytes, url, options))
}
