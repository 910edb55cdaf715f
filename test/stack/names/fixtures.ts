import { testAccount } from '../chain/accounts.js'
import type { NamesRegistry } from './registry.js'

/**
 * Names the demo's registry starts with: one in the current zone and one in the legacy zone, on
 * mnemonic accounts 3 and 4 (accounts 0–2 have fixture identities and no name, so they can
 * register one).
 */
export const NAME_FIXTURES: readonly { name: string; accountIndex: number }[] = [
  { name: 'dave.reown.id', accountIndex: 3 },
  { name: 'erin.wcn.id', accountIndex: 4 },
]

/** Stores {@link NAME_FIXTURES} in `registry` (they come back after each `reset()`). */
export function seedNames(registry: NamesRegistry): void {
  for (const { name, accountIndex } of NAME_FIXTURES)
    registry.seed(name, testAccount(accountIndex).address)
}
