import { randomUUID } from 'node:crypto'
import { type Address, isAddress, isAddressEqual, type LocalAccount } from 'viem'
import { testAccount } from '../chain/accounts.js'
import { type RpcErrorObject, type RpcOutcome, rpcCall } from '../chain/rpc.js'
import { addEthereumChain, chainIdParam, type WalletChain } from './add-chain.js'
import { fail, nestedError, providerError, WalletRequestError } from './errors.js'
import { createInProcessProvider } from './in-process-provider.js'
import { DEVNET_WALLET, type WalletInfo } from './info.js'
import { personalSignParams, signTypedDataV4 } from './signing.js'
import { sendTransaction, type TransactionRequest } from './transactions.js'
import type { TestWallet, TestWalletOptions, WalletCall, WalletEvent } from './types.js'

const UNSUPPORTED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_subscribe',
  'eth_unsubscribe',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
])

const toHex = (n: number) => `0x${n.toString(16)}`

/**
 * Creates the test wallet: a mnemonic account signing for real on the local chains.
 * @example
 * const wallet = createTestWallet({ chains: [{ chainId: 31337, rpcUrl }] })
 * wallet.rejectNext('eth_requestAccounts')
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  const configured = options.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
  const first = configured[0]
  if (!first) throw new Error('createTestWallet needs at least one chain')
  const initialIndex = options.accountIndex ?? 0
  const info: WalletInfo = Object.freeze({ ...DEVNET_WALLET, uuid: randomUUID(), ...options.info })
  const listeners = new Set<(event: WalletEvent) => void | Promise<void>>()
  const queued = new Map<string, RpcErrorObject[]>()
  const hooks = new Map<string, ((params: unknown) => void | Promise<void>)[]>()
  /** Accounts that sign the next `personal_sign` calls instead of the connected one. */
  let forgers: number[] = []
  const calls: WalletCall[] = []
  let added: WalletChain[] = []
  let accountIndex = initialIndex
  let chainId = first.chainId
  let connected = false
  let announceConnect = false

  const account = (): LocalAccount => testAccount(accountIndex)
  const known = (id: number) => [...configured, ...added].find((c) => c.chainId === id)

  async function emit(event: string, payload: unknown): Promise<void> {
    // A bridge that cannot deliver (a page closing) must not fail the request that emitted.
    await Promise.all(
      [...listeners].map(async (listener) => {
        try {
          await listener({ event, payload })
        } catch {}
      }),
    )
  }

  async function connect(): Promise<Address[]> {
    if (!connected) {
      connected = true
      if (announceConnect) {
        announceConnect = false
        await emit('connect', { chainId: toHex(chainId) })
      }
      await emit('accountsChanged', [account().address])
    }
    return [account().address]
  }

  function permissions(origin: string) {
    if (!connected) return []
    const caveats = [{ type: 'restrictReturnedAccounts', value: [account().address] }]
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats,
        date: Date.now(),
        id: randomUUID(),
      },
    ]
  }

  /** The signer for `address`, which must be the connected account. */
  function signer(address: unknown): LocalAccount {
    if (!connected) fail(4100)
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      fail(-32602, 'Invalid address parameter')
    }
    if (!isAddressEqual(address, account().address))
      fail(4100, `Account ${address} is not authorized.`)
    return account()
  }

  function currentChain(): WalletChain {
    const chain = known(chainId)
    if (!chain) fail(4901, `The provider is disconnected from chain ${toHex(chainId)}.`)
    return chain
  }

  async function switchTo(id: number): Promise<void> {
    if (id === chainId) return
    chainId = id
    await emit('chainChanged', toHex(id))
  }

  async function dispatch(method: string, params: unknown[], origin: string): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return toHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'eth_accounts':
        return connected ? [account().address] : []
      case 'eth_coinbase':
        return connected ? account().address : null
      case 'eth_requestAccounts':
        return connect()
      case 'wallet_requestPermissions': {
        const request = params[0]
        if (typeof request !== 'object' || request === null || !('eth_accounts' in request)) {
          fail(-32602, 'Only the eth_accounts permission can be requested.')
        }
        await connect()
        return permissions(origin)
      }
      case 'wallet_getPermissions':
        return permissions(origin)
      case 'wallet_revokePermissions':
        if (connected) {
          connected = false
          await emit('accountsChanged', [])
        }
        return null
      case 'personal_sign': {
        const { address, message } = personalSignParams(params)
        const forger = forgers.shift()
        const signing = forger === undefined ? signer(address) : testAccount(forger)
        return signing.signMessage({ message })
      }
      case 'eth_signTypedData_v4':
        return signTypedDataV4(signer(params[0]), params[1])
      case 'eth_sendTransaction': {
        const request = (params[0] ?? {}) as TransactionRequest
        const signing = signer(request.from ?? account().address)
        return sendTransaction(signing, currentChain(), request)
      }
      case 'wallet_switchEthereumChain': {
        const id = chainIdParam((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!known(id)) {
          fail(
            4902,
            `Unrecognized chain ID "${toHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        }
        await switchTo(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = await addEthereumChain(params[0], configured)
        if (!known(chain.chainId)) added = [...added, chain]
        if (options.switchOnAdd) await switchTo(chain.chainId)
        return null
      }
      case 'wallet_watchAsset':
        return true
    }
    if (UNSUPPORTED.has(method) || method.startsWith('wallet_')) fail(4200)
    const outcome = await rpcCall(currentChain().rpcUrl, method, params)
    if ('error' in outcome) throw new WalletRequestError(outcome.error)
    return outcome.result
  }

  async function handle(
    method: string,
    params: unknown = [],
    origin = 'unknown',
  ): Promise<RpcOutcome> {
    const call: WalletCall = { method, params }
    calls.push(call)
    const hook = hooks.get(method)?.shift()
    if (hook) {
      try {
        await hook(params)
      } catch {}
    }
    const next = queued.get(method)?.shift()
    let outcome: RpcOutcome
    if (next) {
      outcome = { error: next }
    } else if (!Array.isArray(params)) {
      outcome = { error: providerError(-32602, 'Expected params to be an array.') }
    } else {
      try {
        outcome = { result: (await dispatch(method, params, origin)) ?? null }
      } catch (error) {
        if (error instanceof WalletRequestError) outcome = { error: error.error }
        else
          outcome = {
            error: providerError(-32603, error instanceof Error ? error.message : String(error)),
          }
      }
    }
    if ('error' in outcome) call.error = outcome.error
    else call.result = outcome.result
    return outcome
  }

  const enqueue = (method: string, error: RpcErrorObject) => {
    queued.set(method, [...(queued.get(method) ?? []), error])
  }

  const provider = createInProcessProvider(handle, (listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  })

  return {
    info,
    get address() {
      return account().address
    },
    get accountIndex() {
      return accountIndex
    },
    get chainId() {
      return chainId
    },
    get connected() {
      return connected
    },
    calls,
    get addedChains() {
      return added
    },
    provider,
    handle,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    rejectNext(method, code = 4001, message, data) {
      enqueue(method, providerError(code, message, data))
    },
    nestNextError(method, code, message) {
      enqueue(method, nestedError(code, message))
    },
    beforeNext(method, hook) {
      hooks.set(method, [...(hooks.get(method) ?? []), hook])
    },
    forgeNextSignature(index) {
      forgers.push(index)
    },
    async setAccount(index) {
      accountIndex = index
      if (connected) await emit('accountsChanged', [account().address])
    },
    emit,
    async switchChainFromWallet(id, { format = 'hex' } = {}) {
      chainId = id
      await emit(
        'chainChanged',
        format === 'hex' ? toHex(id) : format === 'decimal' ? String(id) : id,
      )
    },
    async disconnectFromWallet() {
      connected = false
      announceConnect = true
      await emit('disconnect', providerError(4900))
      await emit('accountsChanged', [])
    },
    authorize() {
      connected = true
    },
    reset() {
      connected = false
      announceConnect = false
      accountIndex = initialIndex
      chainId = first.chainId
      added = []
      queued.clear()
      hooks.clear()
      forgers = []
      calls.length = 0
    },
  }
}
