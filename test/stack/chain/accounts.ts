import { pbkdf2Sync } from 'node:crypto'
import { type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts'
import { TEST_MNEMONIC } from './anvil.js'

let root: HDKey | undefined
const cache = new Map<number, HDAccount>()

/** The BIP-39 seed of the test mnemonic, computed once (Node's native PBKDF2). */
function masterKey(): HDKey {
  root ??= HDKey.fromMasterSeed(
    pbkdf2Sync(TEST_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'),
  )
  return root
}

/** The viem account at `m/44'/60'/0'/0/{index}` of the test mnemonic (anvil's funded accounts 0–9). */
export function testAccount(index: number): HDAccount {
  let account = cache.get(index)
  if (!account) {
    account = hdKeyToAccount(masterKey(), { addressIndex: index })
    cache.set(index, account)
  }
  return account
}

/** Account that deploys and seeds the contracts, kept apart from the user accounts 0–4. */
export const DEPLOYER_INDEX = 9
/** Accounts that receive token balances at seed time. */
export const SEEDED_ACCOUNT_INDEXES = [0, 1, 2, 3, 4] as const
