/**
 * WalletConnect's client imports MessagePack only to read the id of a signed Algorand transaction
 * for the relay's transaction tags. The kit has no Algorand namespace, so that path never runs; the
 * client catches this error and sends no tag.
 */
const unsupported = (): never => {
  throw new Error('MessagePack is not included: Algorand transactions are not supported')
}

/** Not included; throws. */
export const decode: (input: unknown) => never = unsupported
/** Not included; throws. */
export const encode: (input: unknown) => never = unsupported
