import { getBase58Encoder } from '@solana/web3.js'

/** The System Program, which moves SOL. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** The System Program's `Transfer` instruction index (u32, little endian in the data). */
const TRANSFER_INSTRUCTION = 2

/** Base58 → the 32 bytes of a public key or a blockhash. */
function key(base58: string): Uint8Array {
  const bytes = new Uint8Array(getBase58Encoder().encode(base58))
  if (bytes.length !== 32) throw new TypeError(`not a 32-byte key: ${base58}`)
  return bytes
}

/** Solana's compact-u16 length prefix (1 to 3 bytes, 7 bits each). */
function compactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(low)
      return out
    }
    out.push(low | 0x80)
  }
}

/** `u32 2` then the lamports as `u64`, both little endian. */
function transferData(lamports: bigint): number[] {
  const data = new DataView(new ArrayBuffer(12))
  data.setUint32(0, TRANSFER_INSTRUCTION, true)
  data.setBigUint64(4, lamports, true)
  return [...new Uint8Array(data.buffer)]
}

/**
 * The message of a SOL transfer (legacy format): the sender signs and pays the fee, the recipient
 * is written to, the System Program is read. A transfer to oneself names the account once.
 */
export function transferMessage(p: {
  from: string
  to: string
  lamports: bigint
  blockhash: string
}): Uint8Array {
  if (p.lamports < 0n || p.lamports >= 2n ** 64n) throw new RangeError('lamports out of range')
  const self = p.from === p.to
  const keys = self ? [p.from, SYSTEM_PROGRAM] : [p.from, p.to, SYSTEM_PROGRAM]
  const program = keys.length - 1
  const accounts = self ? [0, 0] : [0, 1]
  const bytes = [
    // Header: one signature, no read-only signer, one read-only account (the program).
    1,
    0,
    1,
    ...compactU16(keys.length),
    ...keys.flatMap((k) => [...key(k)]),
    ...key(p.blockhash),
    ...compactU16(1),
    program,
    ...compactU16(accounts.length),
    ...accounts,
    ...compactU16(12),
    ...transferData(p.lamports),
  ]
  return Uint8Array.from(bytes)
}

/** A transaction in wire format: its one signature slot left empty for the wallet, then the message. */
export function unsignedTransaction(message: Uint8Array): Uint8Array {
  const wire = new Uint8Array(1 + 64 + message.length)
  wire[0] = 1
  wire.set(message, 65)
  return wire
}

/** The message part of a one-signature wire transaction. */
export function messageOf(wire: Uint8Array): Uint8Array {
  return wire.subarray(65)
}
