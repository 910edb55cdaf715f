import type { ChainNamespace } from '../types/caip.js'
import type { SiwxOptions } from '../types/options.js'
import { type createSignatureChecks, namespaceOf, SIGNERS } from './checks.js'
import { SiwxNotConnectedError } from './errors.js'
import { createSiwxData, formatSiwxMessage } from './message.js'
import { createNonce } from './nonce.js'
import type { SiwxStore } from './store.js'
import type { SiwxSession, SiwxTarget } from './types.js'
import { verifySiwxSession } from './verify.js'

/** Session lifetime when the site sets none: one day. */
export const DEFAULT_SESSION_SECONDS = 86_400

/** What one sign-in needs. */
export type SignInParameters = {
  /** The account to sign in. */
  target: SiwxTarget
  options: SiwxOptions
  /** The page now: its host is the domain, its origin the URI. */
  page: () => URL
  now: () => number
  /** What a namespace signs with (SiwxSigner's `wallet`). */
  wallet: (namespace: ChainNamespace) => unknown
  store: SiwxStore
  checks: ReturnType<typeof createSignatureChecks>
  /** The account connected now (it may change while the wallet is open). */
  current: () => SiwxTarget | null
  /** Nonces already used; the new one is added once it passed. */
  usedNonces: Set<string>
}

/**
 * One sign-in: a nonce (the site's or a random one), the message for this page, the wallet's
 * signature, verification against the account connected now, and storage.
 *
 * @returns The verified, stored session.
 * @throws SiwxNotConnectedError when the account is gone; SignatureDeclinedError on 4001;
 *   SiwxVerificationError when a check fails (nothing is stored then).
 */
export async function signIn(p: SignInParameters): Promise<SiwxSession> {
  const { target, options } = p
  const nonce = options.getNonce
    ? String(
        await options.getNonce({ address: target.address, caipNetworkId: target.caipNetworkId }),
      )
    : createNonce()
  const data = createSiwxData({
    target,
    page: p.page(),
    nonce,
    statement: options.statement,
    now: p.now(),
    expirationSeconds: options.expirationSeconds ?? DEFAULT_SESSION_SECONDS,
  })
  const message = formatSiwxMessage(data)
  const signer = SIGNERS[namespaceOf(target)]
  if (!signer) throw new SiwxNotConnectedError()
  const signature = await signer.sign({
    wallet: p.wallet(namespaceOf(target)),
    message,
    address: target.address,
  })
  // The visitor may have switched account or network while the wallet was open: the message is
  // then for another account than the connected one, and refused as such.
  const current = p.current()
  if (!current) throw new SiwxNotConnectedError()
  for (const used of p.store.usedNonces()) p.usedNonces.add(used)
  const expected = { page: p.page(), target: current, now: p.now(), usedNonces: p.usedNonces }
  const verified = await verifySiwxSession(
    { data, message, signature },
    expected,
    p.checks.fresh(target),
  )
  p.usedNonces.add(nonce)
  await p.store.add(verified)
  return verified
}
