import { testAccount } from '../chain/accounts.js'
import { coinTypeOfChain, type NamesRegistry } from './registry.js'

/**
 * Names the demo's registry starts with: one in the current zone and one in the legacy zone, on
 * mnemonic accounts 3 and 4 (accounts 0–2 have fixture identities and no name, so they can
 * register one); and two that only ENSIP-15 normalisation reaches, an emoji name and an accented
 * one (Send finds them from what a visitor types: `🦊Fox.reown.id`, `ZOË.reown.id`). The public
 * service takes only `[a-z0-9.-]` names; these are stored as ENS would hold them, normalised.
 */
export const NAME_FIXTURES: readonly { name: string; accountIndex: number }[] = [
  { name: 'dave.reown.id', accountIndex: 3 },
  { name: 'erin.wcn.id', accountIndex: 4 },
  { name: '🦊fox.reown.id', accountIndex: 3 },
  { name: 'zoë.reown.id', accountIndex: 4 },
]

/**
 * Stores {@link NAME_FIXTURES} in `registry` (they come back after each `reset()`), each under the
 * coin type of every chain in `chainIds` (ENSIP-11) and mainnet's, as a registration on each would.
 */
export function seedNames(registry: NamesRegistry, chainIds: readonly number[] = []): void {
  const coinTypes = [...chainIds.map(coinTypeOfChain), 60]
  for (const { name, accountIndex } of NAME_FIXTURES)
    registry.seed(name, testAccount(accountIndex).address, coinTypes)
}
