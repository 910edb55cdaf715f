export { NAME_FIXTURES, seedNames } from './fixtures.js'
export {
  COIN_TYPE_ETH,
  chainOfCoinType,
  coinTypeOfChain,
  createNamesRegistry,
  LABEL_LENGTH,
  NAME_ZONES,
  type NameRecord,
  type NamesRegistry,
  type NamesRegistryOptions,
  nameProblem,
  type Refusal,
  type RegisterRequest,
  SUGGESTIONS_MAX,
  TIMESTAMP_WINDOW_S,
} from './registry.js'
export { createNamesRoutes } from './routes.js'
export { dictionaryCandidates } from './words.js'
