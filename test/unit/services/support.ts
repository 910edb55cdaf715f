import { vi } from 'vitest'
import { createHttpClient, type HttpClient } from '../../../src/services/http.js'

/** One request a fake fetch saw. */
export type SeenRequest = { url: URL; method: string; body: unknown }

/** An HTTP client over a fake fetch that answers each request with `answer(request)`. */
export function fakeHttp(answer: (request: SeenRequest) => { status?: number; body: unknown }): {
  http: HttpClient
  seen: SeenRequest[]
} {
  const seen: SeenRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = {
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    seen.push(request)
    const { status = 200, body } = answer(request)
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  const http = createHttpClient({
    baseUrl: 'https://rpc.api.example',
    projectId: '0123456789abcdef0123456789abcdef',
    sdkType: 'walletkit',
    sdkVersion: 'html-walletkit-0.0.0-test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { http, seen }
}
