/**
 * A client's calls `names`, whose client `make()` builds on the first call of any of them: a
 * feature's HTTP client (and its module, through the `require` in `make`) is not evaluated while
 * the page loads (docs/architecture.md, "Short tasks while a page loads").
 *
 * @example
 * const swap = lazyCalls(() => loadSwap().createSwapService(http), ['getTokens', 'getQuote'])
 */
export function lazyCalls<T extends object, K extends keyof T>(
  make: () => T,
  names: readonly K[],
): Pick<T, K> {
  let client: T | undefined
  const calls: Partial<Record<K, unknown>> = {}
  for (const name of names)
    calls[name] = (...args: unknown[]) => {
      client ??= make()
      return (client[name] as (...args: unknown[]) => unknown)(...args)
    }
  return calls as Pick<T, K>
}
