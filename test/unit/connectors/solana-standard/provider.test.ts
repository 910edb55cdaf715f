import { getBase58Decoder } from '@solana/web3.js'
import { expect, test, vi } from 'vitest'
import { createSolanaProvider } from '../../../../src/connectors/solana-standard/provider.js'
import { InvalidResponseError } from '../../../../src/core/errors/http.js'
import {
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../../src/core/errors/rpc.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { ALICE, account, type FakeWallet, fakeWallet } from './fake-wallet.js'

const RPC = 'http://127.0.0.1:8899/'
const LOCALNET = resolveNetwork({
  caipNetworkId: 'solana:localnet',
  name: 'Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: RPC,
})

function providerOf(wallet: FakeWallet, network = LOCALNET) {
  return createSolanaProvider({
    wallet,
    account: account(ALICE),
    chain: 'solana:localnet',
    network,
    caipNetworkId: 'solana:localnet',
    rpc: rpcRequest,
  })
}

/** Answers JSON-RPC calls to RPC with `result`, recording the bodies. */
function stubRpc(result: unknown) {
  const bodies: { method: string; params: unknown[] }[] = []
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)))
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(result as object) }), {
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { bodies, fetchMock }
}

test('default', async () => {
  const wallet = fakeWallet()
  const provider = providerOf(wallet)
  expect(Object.keys(provider)).toEqual([
    'wallet',
    'account',
    'chain',
    'caipNetworkId',
    'signMessage',
    'signTransaction',
    'signAndSendTransaction',
  ])
  const message = new TextEncoder().encode('hello')
  const signed = await provider.signMessage(message)
  expect(signed).toEqual({ signature: new Uint8Array(64).fill(7), signedMessage: message })
  expect(wallet.signMessage).toHaveBeenCalledWith({ account: provider.account, message })
})

test('behavior: signTransaction passes the wire bytes and the chain', async () => {
  const wallet = fakeWallet()
  const signed = await providerOf(wallet).signTransaction(Uint8Array.from([1, 2]))
  expect(signed).toEqual(Uint8Array.from([1, 2, 1]))
  expect(wallet.signTransaction).toHaveBeenCalledWith(
    expect.objectContaining({ transaction: Uint8Array.from([1, 2]), chain: 'solana:localnet' }),
  )
})

test('behavior: signAndSendTransaction through the wallet resolves to the base58 signature', async () => {
  const wallet = fakeWallet()
  const signature = await providerOf(wallet, LOCALNET).signAndSendTransaction(
    Uint8Array.from([9]),
    { skipPreflight: true },
  )
  expect(signature).toBe(getBase58Decoder().decode(new Uint8Array(64).fill(1)))
  expect(wallet.signAndSendTransaction).toHaveBeenCalledWith(
    expect.objectContaining({ chain: 'solana:localnet', options: { skipPreflight: true } }),
  )
})

test('behavior: without the feature, the wallet signs and the network RPC sends', async () => {
  const wallet = fakeWallet({ omit: ['solana:signAndSendTransaction'] })
  const { bodies } = stubRpc({ result: '5sig' })
  expect(await providerOf(wallet, LOCALNET).signAndSendTransaction(Uint8Array.from([1, 2]))).toBe(
    '5sig',
  )
  expect(bodies).toEqual([
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [
        btoa(String.fromCharCode(1, 2, 1)),
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ],
    },
  ])
})

test('error: a declined request is UserRejectedRequestError', async () => {
  const wallet = fakeWallet()
  wallet.signMessage.mockRejectedValueOnce({ code: 4001, message: 'User rejected the request.' })
  await expect(providerOf(wallet).signMessage(new Uint8Array(1))).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
  wallet.signTransaction.mockRejectedValueOnce(new Error('Transaction cancelled'))
  await expect(providerOf(wallet).signTransaction(new Uint8Array(1))).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
})

test('error: features the wallet lacks are UnsupportedProviderMethodError', async () => {
  const wallet = fakeWallet({
    omit: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  })
  const provider = providerOf(wallet, { ...LOCALNET, rpcUrl: undefined })
  for (const call of [
    () => provider.signMessage(new Uint8Array(1)),
    () => provider.signTransaction(new Uint8Array(1)),
    () => provider.signAndSendTransaction(new Uint8Array(1)),
  ]) {
    const error = await call().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect((error as UnsupportedProviderMethodError).code).toBe(4200)
  }
})

test('error: a wallet answering without bytes, and a node refusing the transaction', async () => {
  const wallet = fakeWallet({ omit: ['solana:signAndSendTransaction'] })
  wallet.signMessage.mockResolvedValueOnce([{}])
  await expect(providerOf(wallet).signMessage(new Uint8Array(1))).rejects.toBeInstanceOf(
    WalletRequestError,
  )
  stubRpc({ error: { code: -32002, message: 'Transaction simulation failed' } })
  await expect(
    providerOf(wallet, LOCALNET).signAndSendTransaction(new Uint8Array(1)),
  ).rejects.toBeInstanceOf(InvalidResponseError)
})
