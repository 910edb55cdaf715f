import { expect, test } from 'vitest'
import { revocationMessage } from '../../../../src/core/sessions/message.js'
import { revocationMessage as standInMessage } from '../../../stack/blockchain-api/sessions/message.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BINDING = {
  domain: 'shop.example',
  issuedAt: '2026-05-01T12:00:00.000Z',
  nonce: 'q8Zr3kP0aLm2Xw9B',
}

test('default', () => {
  expect(
    revocationMessage({
      pci: 'abc-1',
      caipAddress: `eip155:31337:${ADDRESS.toLowerCase()}`,
      ...BINDING,
    }),
  ).toBe(
    [
      'Revoke smart session',
      'Session: abc-1',
      `Account: eip155:31337:${ADDRESS}`,
      'Site: shop.example',
      'Issued at: 2026-05-01T12:00:00.000Z',
      'Nonce: q8Zr3kP0aLm2Xw9B',
    ].join('\n'),
  )
})

test('behavior: the kit signs exactly what the stand-in verifies', () => {
  for (const caipAddress of [`eip155:1:${ADDRESS}`, `eip155:31338:${ADDRESS.toLowerCase()}`])
    for (const binding of [BINDING, { ...BINDING, domain: '127.0.0.1:5173' }])
      expect(revocationMessage({ pci: 'p', caipAddress, ...binding })).toBe(
        standInMessage({ pci: 'p', caipAddress, ...binding }),
      )
})

test('behavior: another session, address, chain, site, time or nonce is another message', () => {
  const input = { pci: 'a', caipAddress: `eip155:1:${ADDRESS}`, ...BINDING }
  const base = revocationMessage(input)
  for (const other of [
    { pci: 'b' },
    { caipAddress: `eip155:10:${ADDRESS}` },
    { caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    { domain: 'evil.example' },
    { issuedAt: '2026-05-01T12:00:01.000Z' },
    { nonce: 'q8Zr3kP0aLm2Xw9C' },
  ])
    expect(revocationMessage({ ...input, ...other }), JSON.stringify(other)).not.toBe(base)
})
