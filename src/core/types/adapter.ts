import type { TokenBalance } from '../chain-state.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './caip.js'

/** What a namespace's chain adapter does for the core (implemented in chains/). */
export type ChainAdapter = {
  readonly namespace: ChainNamespace
  /** The address in its canonical form (checksummed for eip155). Throws InvalidCaipError when invalid. */
  formatAddress(address: string): string
  /**
   * Checks an address a visitor typed (SPEC §5 per namespace; for eip155 a mixed-case address must
   * carry a valid EIP-55 checksum). Returns the canonical address, or why it is refused.
   */
  checkAddress(address: string): AddressCheck
  /** Token balances from the blockchain API, native coin included. Throws on any failure. */
  getTokenBalances(address: string, network: CaipNetwork): Promise<TokenBalance[]>
  /** The native balance from the network's own RPC, or the wallet's provider when it has none. */
  getNativeBalance(
    address: string,
    network: CaipNetwork,
    provider: unknown,
  ): Promise<{ amount: string; symbol: string }>
  /** Name and avatar for an address, when the namespace has names. */
  getIdentity?(address: string): Promise<{ name: string | null; avatar: string | null }>
  /** The write side; absent where the kit cannot send (bip122, polkadot). */
  readonly writer?: ChainWriter
}

/** The answer of {@link ChainAdapter.checkAddress}. */
export type AddressCheck =
  | { valid: true; address: string }
  | {
      valid: false
      /** `format`: not an address of the namespace; `checksum`: mixed case with a wrong checksum. */
      reason: 'format' | 'checksum'
    }

/**
 * Where a read or a write goes: the network (its RPC url is used when it has one) and the connected
 * wallet's provider for the namespace (`connector.getProvider()`: an EIP-1193 provider for eip155,
 * whatever the connector; a Wallet Standard provider for solana).
 */
export type WriteContext = { network: CaipNetwork; provider: unknown }

/** A native or token transfer the visitor asked for. */
export type Transfer = {
  from: string
  to: string
  /**
   * In base units (wei, lamports, the token's smallest unit). `'max'` sends the whole native
   * balance minus the fee, read from the chain when the transfer is prepared.
   */
  amount: bigint | 'max'
  /** The token's contract (eip155) or mint (solana) address; absent for the native coin. */
  token?: string | undefined
}

/** A call for `eth_sendTransaction` (quantities as bigint; the adapter encodes them). */
export type Eip155Call = {
  from: `0x${string}`
  to: `0x${string}`
  value?: bigint | undefined
  data?: `0x${string}` | undefined
  /** A gas limit the builder already knows (a swap service's); estimated otherwise. */
  gas?: bigint | undefined
}

/** An eip155 transaction with its gas limit and fee fields filled in. */
export type Eip155TransactionRequest = Eip155Call & {
  value: bigint
  gas: bigint
  /** EIP-1559 fees; `gasPrice` instead on a network without a base fee. */
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  gasPrice?: bigint | undefined
}

/** A transaction ready for the wallet: what it moves and the most its fee can cost. */
export type PreparedTransaction = {
  /** The most the network fee can cost, in the native coin's base units. */
  fee: bigint
  /** What the transfer moves, in base units (the computed amount of a `'max'` transfer). */
  amount: bigint
} & (
  | { namespace: 'eip155'; request: Eip155TransactionRequest }
  | {
      namespace: 'solana'
      from: string
      /** The unsigned transaction in wire format. */
      transaction: Uint8Array
    }
)

/** What the chain says became of a sent transaction. */
export type TransactionReceipt = {
  /** The chain's transaction hash (eip155) or signature (solana). */
  hash: string
  status: 'success' | 'reverted'
}

/**
 * The write side of a namespace. Reads go to the network's RPC when it has an url, else through
 * the wallet's provider; writes always go through the wallet. Every failure is a WalletKit error:
 * wallet errors by their code (4001 → `UserRejectedRequestError`), `FeeEstimateError` when the
 * network refuses an estimate, `UnsupportedTransferError` for what the namespace cannot send.
 */
export type ChainWriter = {
  /**
   * True when the kit can send through this wallet on this network (the Send button shows only
   * then): e.g. a Solana wallet needs the network's RPC url, a WalletConnect session's Solana side
   * cannot send yet.
   */
  canSend(context: WriteContext): boolean
  /** Builds a native or token transfer and estimates its fee. */
  prepareTransfer(transfer: Transfer, context: WriteContext): Promise<PreparedTransaction>
  /**
   * eip155: fills gas and fees into a call built elsewhere (a swap or an approval from the
   * blockchain API). Check what it does before (SECURITY.md row 28).
   */
  prepareCall?(call: Eip155Call, context: WriteContext): Promise<PreparedTransaction>
  /** Asks the wallet to sign and send; resolves to the hash the wallet returned (checked). */
  sendTransaction(transaction: PreparedTransaction, context: WriteContext): Promise<string>
  /**
   * Reads the receipt until there is one (at once, then every RECEIPT_POLL_INTERVAL_MS, for at
   * most RECEIPT_TIMEOUT_MS); rejects with the signal's reason when it aborts.
   */
  waitForReceipt(
    hash: string,
    context: WriteContext & { signal: AbortSignal },
  ): Promise<TransactionReceipt>
  /** A balance in base units, read from the chain: the token's, or the native coin's without one. */
  getBalance(owner: string, token: string | undefined, context: WriteContext): Promise<bigint>
  /**
   * The host page's handle on the wallet (`kit.getProvider(namespace)`): `provider` itself in every
   * respect, except that each transaction the host sends through it is reported to `onSent` with
   * the hash the wallet returned (eip155: `eth_sendTransaction` and `eth_sendRawTransaction`;
   * solana: `signAndSendTransaction`, with the provider's own network).
   */
  watchHostSends(
    provider: object,
    onSent: (hash: string, caipNetworkId?: CaipNetworkId) => void,
  ): object
  /**
   * eip155: `personal_sign` of a text message (a name registration, say) by `from`; resolves to
   * the signature. 4001 is `SignatureDeclinedError` ('Signature declined').
   */
  signMessage?(message: string, from: string, context: WriteContext): Promise<`0x${string}`>
  /**
   * eip155: one JSON-RPC read of the network, through its RPC url, else the wallet's provider
   * (the kit's chain reader); the answer is unchecked.
   */
  read?(method: string, params: unknown[], context: WriteContext): Promise<unknown>
  /** eip155: what `spender` may move of `owner`'s `token` (ERC-20 `allowance`), in base units. */
  getAllowance?(
    owner: string,
    token: string,
    spender: string,
    context: WriteContext,
  ): Promise<bigint>
}
