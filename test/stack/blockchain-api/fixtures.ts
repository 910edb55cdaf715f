import { getAddress } from 'viem'
import { initialsSvg } from '../catalog/images.js'
import { testAccount } from '../chain/accounts.js'

/** An SVG as a base64 `data:` URI. */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** Icon of a token or native coin, as the balance and price routes return it. */
export function tokenIconUrl(symbol: string): string {
  return svgDataUri(initialsSvg(`token:${symbol}`, symbol))
}

/** A profile as `/v1/identity/{address}` returns it. */
export interface Identity {
  name: string | null
  avatar: string | null
}

/** Fixture names of mnemonic accounts 0–2; every other address has none. */
export const IDENTITY_FIXTURES: readonly { accountIndex: number; identity: Identity }[] = [
  {
    accountIndex: 0,
    identity: { name: 'alice.wk.eth', avatar: svgDataUri(initialsSvg('identity:alice', 'Alice')) },
  },
  { accountIndex: 1, identity: { name: 'bob.wk.eth', avatar: null } },
  {
    accountIndex: 2,
    identity: { name: 'carol.wk.eth', avatar: svgDataUri(initialsSvg('identity:carol', 'Carol')) },
  },
]

let byAddress: Map<string, Identity> | undefined

/** The fixture identity of `address` (any case), or name and avatar null. */
export function identityOf(address: string): Identity {
  byAddress ??= new Map(
    IDENTITY_FIXTURES.map((f) => [getAddress(testAccount(f.accountIndex).address), f.identity]),
  )
  return byAddress.get(getAddress(address)) ?? { name: null, avatar: null }
}
