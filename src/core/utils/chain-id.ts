/**
 * Reads an eip155 chain id as wallets send it: hex (`0x7a69`), decimal string or number.
 *
 * @returns The chain id, or undefined when it is not a positive safe integer.
 */
export function parseChainId(value: unknown): number | undefined {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'string')
    id = /^0x[0-9a-fA-F]{1,14}$/.test(value)
      ? Number.parseInt(value, 16)
      : /^\d{1,16}$/.test(value)
        ? Number(value)
        : undefined
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}
