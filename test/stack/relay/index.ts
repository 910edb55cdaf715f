export type { Relay, RelayFrame, RelayOptions } from './server'
export { startRelay } from './server'
