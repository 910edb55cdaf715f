import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionOptions,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getBase58Decoder, getBase64Decoder } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { UnsupportedProviderMethodError } from '../../core/errors/rpc.js'
import { toWalletError, type WalletAction } from '../../core/errors/wallet.js'
import type { CaipNetwork, CaipNetworkId } from '../../core/types/caip.js'
import type { SolanaWalletProvider } from '../../core/types/provider.js'
import type { RpcRequest } from '../../core/types/services.js'
import { checkRpcResult, rpcResult } from '../../core/utils/rpc-result.js'
import type { SolanaWalletChain } from './chains.js'
import { toSolanaWalletError } from './errors.js'

/**
 * What `kit.getProvider('solana')` gives the host page: the connected Wallet Standard wallet and
 * account, and the calls a dapp needs, bound to that account and the kit's current Solana network.
 * Bytes in, bytes out (wire-format transactions); failures are WalletKit errors
 * through the kit's error mapping (a declined signature is `SignatureDeclinedError`, 'Signature
 * declined', code 4001, for a signature or a send).
 *
 * @example
 * const solana = kit.getProvider('solana')
 * const { signature } = await solana.signMessage(new TextEncoder().encode('hello'))
 * const txSignature = await solana.signAndSendTransaction(wireTransactionBytes)
 */
export type SolanaProvider = Readonly<{
  /** The Wallet Standard wallet, for features the kit does not wrap. */
  wallet: Wallet
  /** The connected account (its `address` is base58). */
  account: WalletAccount
  /** The Wallet Standard chain requests go to, e.g. `solana:mainnet`. */
  chain: SolanaWalletChain
  /** The same network as CAIP-2, as the kit names it. */
  caipNetworkId: CaipNetworkId
  /** Signs bytes with the account's key (Ed25519); resolves to the 64-byte signature and the bytes signed. */
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }>
  /** Signs a wire-format transaction; resolves to the signed wire-format transaction. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  /**
   * Signs a wire-format transaction and sends it: through the wallet when it can send, otherwise
   * through the network's RPC (`sendTransaction`). Resolves to the base58 transaction signature.
   */
  signAndSendTransaction(
    transaction: Uint8Array,
    options?: SolanaSignAndSendTransactionOptions,
  ): Promise<string>
}>

type Features = Partial<
  SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature
>

/** Runs a wallet call; a failure comes back through the kit's error mapping for `action`. */
async function call<T>(run: () => Promise<T>, action: WalletAction): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toWalletError(error, action, toSolanaWalletError)
  }
}

function unsupported(feature: string): never {
  throw new UnsupportedProviderMethodError({ message: `The wallet has no ${feature} feature.` })
}

/** Builds the host's handle on one account of a Wallet Standard wallet on one network. */
export function createSolanaProvider(parameters: {
  wallet: Wallet
  /** The wallet's features as read once at discovery (default: read from `wallet`). */
  features?: object | undefined
  account: WalletAccount
  chain: SolanaWalletChain
  network: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId
  /** The network's JSON-RPC, for wallets that sign but cannot send. */
  rpc: RpcRequest
}): SolanaProvider {
  const { wallet, account, chain } = parameters
  const features = (parameters.features ?? wallet.features) as Features

  async function signTransaction(transaction: Uint8Array): Promise<Uint8Array> {
    const feature = features['solana:signTransaction'] ?? unsupported('solana:signTransaction')
    const [output] = await call(
      () => feature.signTransaction({ account, transaction, chain }),
      'sign',
    )
    if (!(output?.signedTransaction instanceof Uint8Array))
      throw toSolanaWalletError({ message: 'The wallet returned no signed transaction.' })
    return output.signedTransaction
  }

  // What the kit's own sends and its watch of the host's sends rely on (core's type).
  return Object.freeze({
    wallet,
    account,
    chain,
    caipNetworkId: parameters.caipNetworkId,
    async signMessage(message: Uint8Array) {
      const feature = features['solana:signMessage'] ?? unsupported('solana:signMessage')
      const [output] = await call(() => feature.signMessage({ account, message }), 'sign')
      if (!(output?.signature instanceof Uint8Array))
        throw toSolanaWalletError({ message: 'The wallet returned no signature.' })
      return { signature: output.signature, signedMessage: output.signedMessage ?? message }
    },
    signTransaction,
    async signAndSendTransaction(
      transaction: Uint8Array,
      options?: SolanaSignAndSendTransactionOptions,
    ) {
      const feature = features['solana:signAndSendTransaction']
      if (feature) {
        const [output] = await call(
          () =>
            feature.signAndSendTransaction({
              account,
              transaction,
              chain,
              ...(options ? { options } : {}),
            }),
          'send',
        )
        if (!(output?.signature instanceof Uint8Array))
          throw toSolanaWalletError({ message: 'The wallet returned no signature.' })
        return getBase58Decoder().decode(output.signature)
      }
      const rpcUrl = parameters.network?.rpcUrl
      if (!rpcUrl) unsupported('solana:signAndSendTransaction')
      const signed = await signTransaction(transaction)
      const signature = checkRpcResult(
        await parameters.rpc(rpcUrl, 'sendTransaction', [
          getBase64Decoder().decode(signed),
          { encoding: 'base64', preflightCommitment: options?.preflightCommitment ?? 'confirmed' },
        ]),
        rpcResult.solanaSignature,
        rpcUrl,
      )
      return signature
    },
  }) satisfies SolanaWalletProvider
}
