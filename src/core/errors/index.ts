export { WalletKitError, type WalletKitErrorParameters, type WalletKitErrorType } from './base.js'
export * from './caip.js'
export * from './http.js'
export * from './options.js'
