// Declared once, in core; connectors and tests import them from here too.
export { type Eip1193Provider, isEip1193Provider } from '../../core/types/provider.js'
export { parseChainId } from '../../core/utils/chain-id.js'
