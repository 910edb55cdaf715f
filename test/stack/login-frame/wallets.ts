import {
  type Address,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  keccak256,
  type LocalAccount,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { receiptOf, rpc } from '../chain/rpc.js'
import { artifacts } from '../contracts/artifacts.js'
import { fail } from '../wallet/errors.js'
import { personalSignParams, signTypedDataV4 } from '../wallet/signing.js'
import { sendTransaction, type TransactionRequest } from '../wallet/transactions.js'

/** A chain the embedded wallets live on. */
export type WalletChain = { chainId: number; rpcUrl: string }

/** The two accounts of a signed-in visitor. */
export type EmbeddedAccounts = { owner: Address; smartAccount: Address }

/**
 * The key that deploys the account factory and pays the gas of smart-account calls: a fixed key of
 * its own (not one of the mnemonic's accounts the other stand-ins use), funded with
 * `anvil_setBalance`. Its first transaction on every chain deploys the factory, so the factory, and
 * with it each visitor's smart account, has the same address on every chain.
 */
export const RELAYER_KEY = keccak256(toHex('walletkit login frame relayer'))
/** Ether each new visitor's smart account and EOA get on each chain. */
export const STARTING_BALANCE = parseEther('10')

const relayer = privateKeyToAccount(RELAYER_KEY)
/** Where the factory is on every chain (the relayer's nonce 0). */
export const FACTORY_ADDRESS = getContractAddress({ from: relayer.address, nonce: 0n })
const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }

/**
 * The embedded wallets behind the login frame: a key per visitor, created and kept on the frame's
 * origin (this server); a smart account per visitor on every chain (our OwnerAccount, through the
 * factory); signing and sending as the frame's approved requests ask.
 */
export function createEmbeddedWallets(chains: readonly WalletChain[]) {
  const keys = new Map<Address, LocalAccount>()
  const secrets = new Map<Address, Hex>()
  /** Per chain, the relayer's transactions one after the other (its nonces must not collide). */
  const queues = new Map<number, Promise<unknown>>()
  const factories = new Map<number, Promise<void>>()

  const chainOf = (chainId: number) => {
    const chain = chains.find((c) => c.chainId === chainId)
    if (!chain) fail(4901, `Chain ${chainId} is not offered by the login wallet.`)
    return chain
  }

  function relay<T>(chain: WalletChain, run: () => Promise<T>): Promise<T> {
    const next = (queues.get(chain.chainId) ?? Promise.resolve()).then(run, run)
    queues.set(
      chain.chainId,
      next.catch(() => undefined),
    )
    return next
  }

  /** A relayer transaction, signed and broadcast; resolves with its hash once it is accepted. */
  function relayerSend(chain: WalletChain, tx: { to?: Address; data: Hex; gas?: bigint }) {
    return relay(chain, async () => {
      const nonce = Number(
        await rpc<Hex>(chain.rpcUrl, 'eth_getTransactionCount', [relayer.address, 'pending']),
      )
      const gas =
        tx.gas ??
        (hexToBigInt(
          await rpc<Hex>(chain.rpcUrl, 'eth_estimateGas', [
            { from: relayer.address, ...(tx.to && { to: tx.to }), data: tx.data },
          ]),
        ) *
          12n) /
          10n
      const raw = await relayer.signTransaction({
        chainId: chain.chainId,
        nonce,
        type: 'eip1559',
        ...FEES,
        gas,
        ...(tx.to && { to: tx.to }),
        data: tx.data,
      })
      return rpc<Hex>(chain.rpcUrl, 'eth_sendRawTransaction', [raw])
    })
  }

  function ensureFactory(chain: WalletChain): Promise<void> {
    let ready = factories.get(chain.chainId)
    if (!ready) {
      ready = (async () => {
        const code = await rpc<Hex>(chain.rpcUrl, 'eth_getCode', [FACTORY_ADDRESS, 'latest'])
        if (code !== '0x') return
        await rpc(chain.rpcUrl, 'anvil_setBalance', [relayer.address, toHex(parseEther('1000'))])
        const hash = await relayerSend(chain, {
          data: artifacts.OwnerAccountFactory.bytecode,
          gas: 3_000_000n,
        })
        if ((await receiptOf(chain.rpcUrl, hash)).status !== '0x1')
          throw new Error(`the account factory did not deploy on chain ${chain.chainId}`)
      })()
      factories.set(chain.chainId, ready)
      ready.catch(() => factories.delete(chain.chainId))
    }
    return ready
  }

  /** The smart account of `owner` (the same address on every chain). */
  async function smartAccountOf(owner: Address): Promise<Address> {
    const chain = chains[0]
    if (!chain) throw new Error('the login wallet has no chain')
    await ensureFactory(chain)
    const data = encodeFunctionData({
      abi: artifacts.OwnerAccountFactory.abi,
      functionName: 'addressOf',
      args: [owner],
    })
    const word = await rpc<Hex>(chain.rpcUrl, 'eth_call', [{ to: FACTORY_ADDRESS, data }, 'latest'])
    return getAddress(`0x${word.slice(-40)}`)
  }

  /**
   * A new visitor: a fresh key, their smart account deployed on every chain, and ether on both
   * accounts, so the wallet works at once.
   */
  async function create(): Promise<EmbeddedAccounts> {
    const secret = generatePrivateKey()
    const owner = privateKeyToAccount(secret)
    keys.set(owner.address, owner)
    secrets.set(owner.address, secret)
    const smartAccount = await smartAccountOf(owner.address)
    await Promise.all(
      chains.map(async (chain) => {
        await ensureFactory(chain)
        const data = encodeFunctionData({
          abi: artifacts.OwnerAccountFactory.abi,
          functionName: 'create',
          args: [owner.address],
        })
        const hash = await relayerSend(chain, { to: FACTORY_ADDRESS, data, gas: 800_000n })
        if ((await receiptOf(chain.rpcUrl, hash)).status !== '0x1')
          throw new Error(`the smart account did not deploy on chain ${chain.chainId}`)
        for (const address of [smartAccount, owner.address])
          await rpc(chain.rpcUrl, 'anvil_setBalance', [address, toHex(STARTING_BALANCE)])
      }),
    )
    return { owner: owner.address, smartAccount }
  }

  const keyOf = (owner: Address) => {
    const key = keys.get(owner)
    if (!key) fail(4100, 'This login wallet has no key here.')
    return key
  }

  /** `execute` through the relayer, with the owner's signature of the call. */
  async function sendFromSmartAccount(
    owner: LocalAccount,
    account: Address,
    chain: WalletChain,
    request: TransactionRequest,
  ): Promise<Hex> {
    const to = request.to
    if (!to || !isAddress(to, { strict: false })) fail(-32602, 'Invalid to: expected an address')
    const value = request.value && isHex(request.value) ? hexToBigInt(request.value) : 0n
    const data = (request.data ?? request.input ?? '0x') as Hex
    if (!isHex(data)) fail(-32602, 'Invalid data: expected hex bytes')
    const abi = artifacts.OwnerAccount.abi
    const nonceWord = await rpc<Hex>(chain.rpcUrl, 'eth_call', [
      { to: account, data: encodeFunctionData({ abi, functionName: 'nonce' }) },
      'latest',
    ])
    const hash = await rpc<Hex>(chain.rpcUrl, 'eth_call', [
      {
        to: account,
        data: encodeFunctionData({
          abi,
          functionName: 'executeHash',
          args: [to as Address, value, data, hexToBigInt(nonceWord)],
        }),
      },
      'latest',
    ])
    const signature = await owner.sign?.({ hash })
    if (!signature) fail(-32603, 'The key cannot sign a hash.')
    const call = encodeFunctionData({
      abi,
      functionName: 'execute',
      args: [to as Address, value, data, signature],
    })
    try {
      return await relayerSend(chain, { to: account, data: call })
    } catch (error) {
      const e = error as { code?: number; message?: string; data?: unknown }
      fail(typeof e.code === 'number' ? e.code : -32603, e.message, e.data)
    }
  }

  /**
   * A signing or sending method the visitor approved in the frame, as the account in use
   * (`account`: the smart account or the owner's EOA).
   */
  async function approved(
    accounts: EmbeddedAccounts,
    useSmartAccount: boolean,
    chainId: number,
    method: string,
    params: readonly unknown[],
  ): Promise<unknown> {
    const chain = chainOf(chainId)
    const owner = keyOf(accounts.owner)
    const address = useSmartAccount ? accounts.smartAccount : accounts.owner
    switch (method) {
      case 'personal_sign': {
        const { message } = personalSignParams(params)
        return owner.signMessage({ message })
      }
      case 'eth_signTypedData_v4':
        return signTypedDataV4(owner, params[1])
      case 'eth_sendTransaction': {
        const request = (params[0] ?? {}) as TransactionRequest
        if (request.from && request.from.toLowerCase() !== address.toLowerCase())
          fail(4100, `The login wallet does not hold ${request.from}.`)
        return useSmartAccount
          ? sendFromSmartAccount(owner, accounts.smartAccount, chain, request)
          : sendTransaction(owner, chain, request)
      }
      default:
        fail(4200, `${method} is not supported by the login wallet.`)
    }
  }

  return {
    create,
    approved,
    /** Reads (and anything without a signature) go to the chain's node. */
    read: (chainId: number, method: string, params: unknown[]) =>
      rpc(chainOf(chainId).rpcUrl, method, params),
    chainIds: chains.map((c) => c.chainId),
    /** The private key's hex, for tests that check it never reaches the host page. */
    secretOf: (owner: Address): Hex | undefined => secrets.get(owner),
  }
}

/** The embedded wallets of a login frame stand-in. */
export type EmbeddedWallets = ReturnType<typeof createEmbeddedWallets>
