export { DEPLOYER_INDEX, SEEDED_ACCOUNT_INDEXES, testAccount } from './accounts.js'
export {
  chainTime,
  type FixtureTransaction,
  type Mined,
  sendAs,
  sendImpersonated,
  setNextBlockTime,
} from './actors.js'
export {
  type Anvil,
  GENESIS_TIMESTAMP,
  type StartAnvilOptions,
  startAnvil,
  TEST_MNEMONIC,
} from './anvil.js'
export {
  type ChainDescription,
  deployAndSeed,
  SEED_BALANCES,
  SEED_POOLS,
  SEED_TOKENS,
  type SeedSymbol,
  type TokenDescription,
  WRAPPED_NATIVE_SEED_SYMBOL,
} from './deploy.js'
export {
  ATTACKER_INDEX,
  deployToken,
  lookAlikeOf,
  type PlantedPoisoning,
  type PlantedSpam,
  plantPoisoning,
  plantSpam,
} from './plant.js'
export { type RpcErrorObject, type RpcOutcome, receiptOf, rpc, rpcBatch, rpcCall } from './rpc.js'
export { type Chains, LOCAL_CHAIN_IDS, startChains } from './start-chains.js'
