const BLOCKED_SCHEMES = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']

/**
 * True when a link from an untrusted source may be followed: never `javascript:`, `data:`,
 * `vbscript:`, `file:` or `blob:` (SECURITY.md row 12), whatever the case or hidden whitespace.
 */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these in a URL's scheme
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  if (BLOCKED_SCHEMES.some((scheme) => compact.startsWith(scheme))) return false
  try {
    const url = new URL(value)
    return !BLOCKED_SCHEMES.includes(url.protocol)
  } catch {
    return false
  }
}

/** True for an absolute https URL (explorer and on-ramp links, SECURITY.md row 13). */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
