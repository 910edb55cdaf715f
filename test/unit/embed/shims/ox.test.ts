import { type Hex, hashMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { Secp256k1, Signature } from '../../../../src/embed/shims/ox.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('ox')>('ox')

const keys: Hex[] = Array.from(
  { length: 6 },
  (_, i) => `0x${(i + 1).toString(16).padStart(64, '7')}` as Hex,
)

test('default: the EIP-191 signer is recovered', async () => {
  const account = privateKeyToAccount(keys[0] as Hex)
  const signature = await account.signMessage({ message: 'Sign in' })
  const address = Secp256k1.recoverAddress({
    payload: hashMessage('Sign in'),
    signature: Signature.fromHex(signature),
  })
  expect(address).toBe(account.address.toLowerCase())
})

test('behavior: reading and recovery match ox, for v of 27/28 and 0/1', async () => {
  for (const key of keys) {
    const account = privateKeyToAccount(key)
    const signature = await account.signMessage({ message: key })
    const payload = hashMessage(key)
    const lowV =
      `${signature.slice(0, 130)}0${Number.parseInt(signature.slice(130), 16) - 27}` as Hex
    for (const sig of [signature, lowV]) {
      const ours = Signature.fromHex(sig)
      expect(ours).toEqual(real.Signature.fromHex(sig))
      expect(Secp256k1.recoverAddress({ payload, signature: ours })).toBe(
        real.Secp256k1.recoverAddress({ payload, signature: real.Signature.fromHex(sig) }),
      )
    }
    expect(Signature.fromHex(signature.slice(0, 130))).toEqual(
      real.Signature.fromHex(signature.slice(0, 130) as Hex),
    )
  }
})

test('error: a wrong size, a bad v and a missing parity are refused', () => {
  expect(() => Signature.fromHex('0x1234')).toThrow('invalid signature size')
  expect(() => Signature.fromHex(`0x${'11'.repeat(64)}05`)).toThrow('Invalid `v` value "5"')
  expect(() =>
    Secp256k1.recoverAddress({
      payload: hashMessage('x'),
      signature: Signature.fromHex(`0x${'11'.repeat(64)}`),
    }),
  ).toThrow('no y parity')
})
