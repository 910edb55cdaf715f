import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { SiwxOptions } from '../types/options.js'
import { eip155Signer } from './eip155.js'
import { SiwxVerificationError } from './errors.js'
import { solanaSigner } from './solana.js'
import type { ContractCall, SiwxSession, SiwxSigner, SiwxTarget } from './types.js'
import type { SignatureCheck } from './verify.js'

/** How each namespace signs and checks a sign-in (the others have no sign-in). */
export const SIGNERS: Partial<Record<ChainNamespace, SiwxSigner>> = {
  eip155: eip155Signer,
  solana: solanaSigner,
}

/** The namespace of an account. */
export const namespaceOf = (target: SiwxTarget) =>
  target.caipNetworkId.slice(0, target.caipNetworkId.indexOf(':')) as ChainNamespace

/** What the signature checks need: a read of an eip155 network, the site's verifier. */
export type SignatureChecksParameters = {
  /** The chain reader: the network's RPC url when the site gave one, else the wallet. */
  read?:
    | ((caipNetworkId: CaipNetworkId, method: string, params: unknown[]) => Promise<unknown>)
    | undefined
  verify?: SiwxOptions['verify']
}

/**
 * The signature checks of the SIWX controller: the namespace's own (in the browser), and the one a
 * new sign-in gets (the site's `verify` hook when it gives one).
 */
export function createSignatureChecks(p: SignatureChecksParameters) {
  /** An `eth_call` on the account's network, through the chain reader. */
  function contractCall(target: SiwxTarget): ContractCall | undefined {
    const read = p.read
    if (!read || namespaceOf(target) !== 'eip155') return undefined
    return (call) =>
      read(target.caipNetworkId, 'eth_call', [{ to: call.to, data: call.data }, 'latest'])
  }

  /** The namespace's own check. Stored sessions always get this one: a site's nonces are single-use. */
  const local =
    (target: SiwxTarget): SignatureCheck =>
    (session) => {
      const signer = SIGNERS[namespaceOf(target)]
      if (!signer) return Promise.resolve(false)
      return signer.verify({
        message: session.message,
        signature: session.signature,
        address: session.data.accountAddress,
        call: contractCall(target),
      })
    }

  /** The site's verifier: anything but `true` (or a failure) refuses the sign-in. */
  const site =
    (verify: NonNullable<SiwxOptions['verify']>): SignatureCheck =>
    async (session: SiwxSession) => {
      let accepted: unknown
      try {
        accepted = await verify(session)
      } catch (cause) {
        throw new SiwxVerificationError('rejected-by-verifier', { cause })
      }
      if (accepted !== true) throw new SiwxVerificationError('rejected-by-verifier')
      return true
    }

  return {
    local,
    /** The check of a new sign-in. */
    fresh: (target: SiwxTarget): SignatureCheck => (p.verify ? site(p.verify) : local(target)),
  }
}
