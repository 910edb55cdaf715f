/** The page's own fetch, for libraries that import `cross-fetch` (bundled in place of its ponyfill). */
const crossFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)

export default crossFetch
export { crossFetch as fetch }
export const Headers = globalThis.Headers
export const Request = globalThis.Request
export const Response = globalThis.Response
