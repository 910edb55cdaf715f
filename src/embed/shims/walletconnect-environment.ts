/**
 * `@walletconnect/environment`'s checks of where the code runs, for `@walletconnect/jsonrpc-utils`
 * (which re-exports them). The package is CommonJS, so the bundle would keep its crypto getters
 * too, which no WalletConnect file takes.
 */

/** React Native: a navigator that says so, and no document. */
export function isReactNative(): boolean {
  return (
    typeof document === 'undefined' &&
    typeof navigator !== 'undefined' &&
    navigator.product === 'ReactNative'
  )
}

/** Node.js: `process.versions.node` is there. */
export function isNode(): boolean {
  return (
    typeof process !== 'undefined' &&
    typeof process.versions !== 'undefined' &&
    typeof process.versions.node !== 'undefined'
  )
}

/** Neither of the above. */
export function isBrowser(): boolean {
  return !isReactNative() && !isNode()
}
