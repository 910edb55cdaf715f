import { expect, test } from 'vitest'
import { decode, encode } from '../../../../src/embed/shims/msgpack.js'

test('error: MessagePack is not in the bundle, and says so', () => {
  expect(() => decode(new Uint8Array())).toThrow('Algorand transactions are not supported')
  expect(() => encode({})).toThrow('Algorand transactions are not supported')
})
