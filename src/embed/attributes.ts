import { InvalidOptionError, UnknownOptionError } from '../core/errors/options.js'
import { OPTION_KEYS } from '../core/options.js'
import type { WalletKitOptions } from '../core/types/options.js'

const LIST_KEYS = new Set([
  'networks',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
  'safeAllowedOrigins',
  'onrampCheckoutOrigins',
  'swapNetworks',
])
const BOOLEAN_KEYS = new Set([
  'allowUnsupportedChain',
  'enableWalletConnect',
  'enableInjected',
  'enableEIP6963',
  'debug',
  'analyticsAddresses',
])
const NUMBER_KEYS = new Set(['swapMaxSlippage'])
/** Options whose value is an object or a list of objects: JSON in the attribute. */
const JSON_KEYS = new Set([
  'features',
  'metadata',
  'siwx',
  'themeVariables',
  'customWallets',
  'defaultAccountTypes',
])
/** data-* attributes on the script tag that are not options. */
const IGNORED = new Set(['walletkitOpen'])

/**
 * Reads options from a script tag's `data-*` attributes (DESIGN §2): kebab case to the option's
 * name, lists comma-separated, booleans as `true`/`false`, numbers as decimals, object options
 * (`data-features='{"swaps":false}'`) as JSON, then checked by `init()` like options in code.
 *
 * @returns The options, or undefined when the tag has no `data-project-id` (no auto-init).
 * @throws UnknownOptionError for an attribute that is no option; InvalidOptionError for a value
 *   that cannot be read (not true/false, not a number, not JSON).
 */
export function optionsFromAttributes(element: HTMLElement): WalletKitOptions | undefined {
  if (element.dataset.projectId === undefined) return undefined
  const byLowerName = new Map(OPTION_KEYS.map((key) => [key.toLowerCase(), key]))
  const options: Record<string, unknown> = {}
  for (const [camel, raw] of Object.entries(element.dataset)) {
    if (raw === undefined || IGNORED.has(camel)) continue
    const key = byLowerName.get(camel.toLowerCase())
    const attribute = `data-${camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
    if (!key)
      throw new UnknownOptionError({
        key: attribute,
        known: OPTION_KEYS.map((k) => `data-${k.replace(/[A-Z]+/g, (c) => `-${c.toLowerCase()}`)}`),
      })
    if (JSON_KEYS.has(key)) {
      if (raw.trim() === '') continue
      try {
        options[key] = JSON.parse(raw)
      } catch {
        throw new InvalidOptionError({ key: attribute, expected: 'JSON', received: raw })
      }
    } else if (LIST_KEYS.has(key)) {
      // An empty list is an empty attribute: ignored, like the other empty values.
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (items.length > 0) options[key] = items
    } else if (BOOLEAN_KEYS.has(key)) {
      if (raw !== 'true' && raw !== 'false' && raw !== '')
        throw new InvalidOptionError({ key: attribute, expected: 'true or false', received: raw })
      options[key] = raw !== 'false'
    } else if (NUMBER_KEYS.has(key)) {
      const value = Number(raw)
      if (raw.trim() === '' || !Number.isFinite(value))
        throw new InvalidOptionError({ key: attribute, expected: 'a number', received: raw })
      options[key] = value
    } else if (raw.trim() !== '') options[key] = raw.trim()
  }
  return options as WalletKitOptions
}
