import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { createAccountData } from '../account-data.js'
import type { ChainView, TokenBalance } from '../chain-state.js'
import type { Connection } from '../connection.js'
import {
  FeeEstimateError,
  TransactionError,
  UnsupportedTransferError,
} from '../errors/transaction.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import type { Transactions } from '../transactions.js'
import type {
  ChainAdapter,
  ChainWriter,
  PreparedTransaction,
  WriteContext,
} from '../types/adapter.js'
import { walletProvider } from '../wallet-provider.js'
import { createSwapController, type SwapController } from './controller.js'
import { isSwapNetwork } from './networks.js'
import type { SwapAccount, SwapView } from './ports.js'
import type { SwapApi } from './types.js'

type AccountData = ReturnType<typeof createAccountData>

/** Whether the page is shown, and a way to hear when that changes. */
export type PageVisibility = { hidden(): boolean; subscribe(listener: () => void): () => void }

const VIEWS: Partial<Record<string, SwapView>> = {
  Swap: 'form',
  SwapPreview: 'review',
  ApproveTransaction: 'approve',
}

/** The connected eip155 account and its balances on the active network, as the swap reads them. */
function swapAccount(chain: ChainView): ReadonlySignal<SwapAccount | undefined> {
  return computed(() => {
    const account = chain.accounts.value.eip155
    const network = chain.networks.value.eip155?.caipNetwork
    if (account?.status !== 'connected' || !account.address || !account.caipAddress || !network)
      return undefined
    const balances = account.tokenBalance.filter((b) => b.chainId === network.caipNetworkId)
    // Without the blockchain API's answer, the coin's balance from the network's own RPC.
    const coin: TokenBalance[] =
      !balances.some((b) => !b.address) && account.balance !== undefined
        ? [
            {
              name: network.nativeCurrency.name,
              symbol: network.nativeCurrency.symbol,
              chainId: network.caipNetworkId,
              price: 0,
              value: 0,
              quantity: {
                decimals: String(network.nativeCurrency.decimals),
                numeric: account.balance,
              },
            },
          ]
        : []
    const address = account.address.toLowerCase()
    return {
      address: account.address,
      caipAddress: account.caipAddress,
      balances: [...coin, ...balances],
      smartAccount: account.allAccounts.some(
        (a) => a.address.toLowerCase() === address && a.type === 'smartAccount',
      ),
    }
  })
}

/**
 * Builds the kit's swap controller over its parts: the eip155 account and network, the router
 * (Swap, SwapPreview, ApproveTransaction), balances, toasts, and the eip155 adapter's write side
 * with the transaction pipeline for the approval and the swap.
 */
export function createKitSwap(parameters: {
  api: SwapApi
  chain: ChainView
  router: Router
  connection: Pick<Connection, 'connectorOf'>
  adapter: ChainAdapter | undefined
  transactions: Pick<Transactions, 'submit'>
  accountData: Pick<AccountData, 'refresh'>
  toasts: Toasts
  slippage: number
  visibility?: PageVisibility | undefined
}): SwapController & { dispose(): void } {
  const { chain, router, connection } = parameters
  const visible = signal(!(parameters.visibility?.hidden() ?? false))
  const stopVisibility = parameters.visibility?.subscribe(() => {
    visible.value = !(parameters.visibility?.hidden() ?? false)
  })
  const view = computed<SwapView>(() =>
    router.isOpen.value ? (VIEWS[router.view.value] ?? 'none') : 'none',
  )
  const network = computed(() => chain.networks.value.eip155?.caipNetwork)
  /** Where reads and writes go: the active eip155 network and the wallet. */
  const context = (): WriteContext => {
    const current = network.peek()
    if (!current) throw new UnsupportedTransferError({ reason: 'no eip155 network' })
    return { network: current, provider: walletProvider(connection.connectorOf('eip155')) }
  }
  const writer = () => {
    const found = parameters.adapter?.writer
    if (!found?.prepareCall || !found.getAllowance)
      throw new UnsupportedTransferError({ reason: 'eip155 cannot send here' })
    return found as Required<ChainWriter>
  }
  const controller = createSwapController({
    api: parameters.api,
    account: swapAccount(chain),
    network,
    isSupported: isSwapNetwork,
    refreshBalances: () => parameters.accountData.refresh('eip155'),
    async send({ kind, to, data, value, summary, texts }) {
      const ctx = context()
      const from = chain.accounts.peek().eip155?.address as `0x${string}` | undefined
      if (!from) throw new UnsupportedTransferError({ reason: 'no eip155 account' })
      const write = writer()
      const { receipt } = await parameters.transactions.submit({
        kind,
        namespace: 'eip155',
        caipNetworkId: ctx.network.caipNetworkId,
        // The gas is estimated now (after the approval is mined), not taken from the service. A
        // call the network refuses in advance (the pool moved past the slippage bound) is
        // SPEC §8's 'Transaction error', and nothing is sent.
        async send() {
          let prepared: PreparedTransaction
          try {
            prepared = await write.prepareCall({ from, to: to as `0x${string}`, data, value }, ctx)
          } catch (error) {
            throw error instanceof FeeEstimateError ? new TransactionError({ cause: error }) : error
          }
          return write.sendTransaction(prepared, ctx)
        },
        summary,
        texts,
      })
      return receipt
    },
    readAllowance: ({ token, owner, spender }) =>
      writer().getAllowance(owner, token, spender, context()),
    read: (method, params) => {
      const read = parameters.adapter?.writer?.read
      if (!read) throw new UnsupportedTransferError({ reason: 'eip155 cannot read here' })
      return read(method, params, context())
    },
    toasts: parameters.toasts,
    view,
    active: computed(() => view.value !== 'none' && visible.value),
    slippage: parameters.slippage,
    navigation: {
      review: () => router.push('SwapPreview'),
      approve: () => router.push('ApproveTransaction'),
      back: () => router.goBack(),
      form() {
        while (router.view.peek() !== 'Swap' && router.history.peek().includes('Swap'))
          router.goBack()
      },
      done: () => router.reset('Account'),
    },
  })
  return Object.assign(controller, {
    dispose() {
      stopVisibility?.()
      controller.destroy()
    },
  })
}
