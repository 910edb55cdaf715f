import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { createAccountData } from '../account-data.js'
import type { ChainState, TokenBalance } from '../chain-state.js'
import type { Connection } from '../connection.js'
import type { Router } from '../router.js'
import type { Toasts } from '../toast.js'
import { createSwapController, type SwapController } from './controller.js'
import { isSwapNetwork } from './networks.js'
import type { SwapAccount, SwapControllerParameters, SwapView } from './ports.js'
import type { SwapApi } from './types.js'

/** Whether the page is shown, and a way to hear when that changes. */
export type PageVisibility = { hidden(): boolean; subscribe(listener: () => void): () => void }

type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }

const VIEWS: Partial<Record<string, SwapView>> = {
  Swap: 'form',
  SwapPreview: 'review',
  ApproveTransaction: 'approve',
}

/** The connected eip155 account and its balances on the active network, as the swap reads them. */
function swapAccount(chain: ChainState): ReadonlySignal<SwapAccount | undefined> {
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
 * (Swap, SwapPreview, ApproveTransaction), balances, toasts and the wallet.
 */
export function createKitSwap(parameters: {
  api: SwapApi
  chain: ChainState
  router: Router
  connection: Connection
  accountData: ReturnType<typeof createAccountData>
  toasts: Toasts
  slippage: number
  /** Sends through the transaction pipeline; by default straight through the wallet. */
  send?: SwapControllerParameters['send']
  visibility?: PageVisibility | undefined
}): SwapController & { dispose(): void } {
  const { chain, router, connection, toasts } = parameters
  const visible = signal(!(parameters.visibility?.hidden() ?? false))
  const stopVisibility = parameters.visibility?.subscribe(() => {
    visible.value = !(parameters.visibility?.hidden() ?? false)
  })
  const view = computed<SwapView>(() =>
    router.isOpen.value ? (VIEWS[router.view.value] ?? 'none') : 'none',
  )
  const provider = () => connection.connectorOf('eip155')?.getProvider() as Requester | undefined
  const controller = createSwapController({
    api: parameters.api,
    account: swapAccount(chain),
    network: computed(() => chain.networks.value.eip155?.caipNetwork),
    isSupported: isSwapNetwork,
    refreshBalances: () => parameters.accountData.refresh('eip155'),
    send:
      parameters.send ??
      (async (request) => {
        const wallet = provider()
        const from = chain.accounts.peek().eip155?.address
        if (!wallet || !from) throw new Error('no eip155 wallet')
        let hash: unknown
        try {
          hash = await wallet.request({
            method: 'eth_sendTransaction',
            params: [
              {
                from,
                to: request.to,
                data: request.data,
                value: `0x${request.value.toString(16)}`,
              },
            ],
          })
        } catch (error) {
          const code = (error as { code?: unknown }).code
          toasts.error(code === 4001 ? 'Signature declined' : 'Transaction error')
          throw error
        }
        for (;;) {
          const receipt = (await wallet.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          })) as { status?: string } | null
          if (receipt?.status === '0x1') return receipt
          if (receipt) {
            toasts.error('Transaction error')
            throw new Error('transaction reverted')
          }
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      }),
    async readAllowance({ token, owner, spender }) {
      const wallet = provider()
      if (!wallet) throw new Error('no eip155 provider')
      // allowance(address,address)
      const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
      const result = await wallet.request({
        method: 'eth_call',
        params: [{ to: token, data: `0xdd62ed3e${word(owner)}${word(spender)}` }, 'latest'],
      })
      if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result))
        throw new Error('invalid allowance')
      return BigInt(result)
    },
    async isContract(address) {
      const code = await provider()?.request({ method: 'eth_getCode', params: [address, 'latest'] })
      if (typeof code !== 'string') throw new Error('invalid code')
      return code.length > 2
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
