/** A namespace as a dapp proposes it; the key may be a namespace (`eip155`) or a chain (`eip155:1`). */
export interface ProposedNamespace {
  chains?: string[]
  methods: string[]
  events: string[]
}

/** What the wallet can offer in one namespace. Chains are CAIP-2, accounts CAIP-10. */
export interface SupportedNamespace {
  chains: string[]
  accounts: string[]
  methods: string[]
  events: string[]
}

/** A namespace as the wallet approves it. */
export interface ApprovedNamespace {
  chains: string[]
  accounts: string[]
  methods: string[]
  events: string[]
}

/**
 * Builds the namespaces to approve: every proposed chain the wallet supports, with the wallet's accounts on those
 * chains and all of its methods and events for that namespace.
 * @param required The proposal's required namespaces (every chain must be supported).
 * @param optional The proposal's optional namespaces (unsupported chains are left out).
 * @param supported What the wallet offers, keyed by namespace.
 * @throws When a required chain is unsupported, or when nothing at all can be approved.
 */
export function buildNamespaces(
  required: Record<string, ProposedNamespace>,
  optional: Record<string, ProposedNamespace>,
  supported: Record<string, SupportedNamespace>,
): Record<string, ApprovedNamespace> {
  const wanted = new Map<string, Set<string>>()
  const want = (proposals: Record<string, ProposedNamespace>, mustHave: boolean): void => {
    for (const [key, proposal] of Object.entries(proposals)) {
      const name = key.split(':')[0] ?? key
      const chains = proposal.chains ?? (key.includes(':') ? [key] : [])
      const offer = Object.hasOwn(supported, name) ? supported[name] : undefined
      for (const chain of chains) {
        if (offer?.chains.includes(chain)) {
          wanted.set(name, (wanted.get(name) ?? new Set()).add(chain))
        } else if (mustHave) {
          throw new Error(`Unsupported required chain: ${chain}`)
        }
      }
    }
  }
  want(required, true)
  want(optional, false)

  const approved: Record<string, ApprovedNamespace> = {}
  for (const [name, chains] of wanted) {
    const offer = supported[name]
    if (!offer) continue
    approved[name] = {
      chains: [...chains],
      accounts: offer.accounts.filter((account) =>
        chains.has(account.split(':').slice(0, 2).join(':')),
      ),
      methods: [...offer.methods],
      events: [...offer.events],
    }
  }
  if (Object.keys(approved).length === 0) throw new Error('No proposed chain is supported')
  return approved
}
