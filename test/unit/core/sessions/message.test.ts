import { expect, test } from 'vitest'
import { revocationMessage } from '../../../../src/core/sessions/message.js'
import { revocationMessage as standInMessage } from '../../../stack/blockchain-api/sessions/message.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test('default', () => {
  expect(
    revocationMessage({ pci: 'abc-1', caipAddress: `eip155:31337:${ADDRESS.toLowerCase()}` }),
  ).toBe(`Revoke smart session\nSession: abc-1\nAccount: eip155:31337:${ADDRESS}`)
})

test('behavior: the kit signs exactly what the stand-in verifies', () => {
  for (const caipAddress of [`eip155:1:${ADDRESS}`, `eip155:31338:${ADDRESS.toLowerCase()}`])
    expect(revocationMessage({ pci: 'p', caipAddress })).toBe(
      standInMessage({ pci: 'p', caipAddress }),
    )
})

test('behavior: another session, address or chain is another message', () => {
  const base = revocationMessage({ pci: 'a', caipAddress: `eip155:1:${ADDRESS}` })
  expect(revocationMessage({ pci: 'b', caipAddress: `eip155:1:${ADDRESS}` })).not.toBe(base)
  expect(revocationMessage({ pci: 'a', caipAddress: `eip155:10:${ADDRESS}` })).not.toBe(base)
  expect(
    revocationMessage({
      pci: 'a',
      caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    }),
  ).not.toBe(base)
})
