/**
 * The part of `@walletconnect/window-getters` WalletConnect's client uses: `window`'s document,
 * location and navigator, or `undefined` (or a throw, for the `OrThrow` forms) where there is none.
 * The package is CommonJS, so the bundle would keep all twelve getters.
 */

function fromWindow<K extends 'document' | 'location' | 'navigator'>(
  name: K,
): Window[K] | undefined {
  return typeof window !== 'undefined' && typeof window[name] !== 'undefined'
    ? window[name]
    : undefined
}

function fromWindowOrThrow<K extends 'document' | 'location' | 'navigator'>(name: K): Window[K] {
  const value = fromWindow(name)
  if (!value) throw new Error(`${name} is not defined in Window`)
  return value
}

export const getDocument = () => fromWindow('document')
export const getDocumentOrThrow = () => fromWindowOrThrow('document')
export const getLocation = () => fromWindow('location')
export const getLocationOrThrow = () => fromWindowOrThrow('location')
export const getNavigator = () => fromWindow('navigator')
