import { expect, test } from 'vitest'
import { createSolanaStandardConnector } from '../../../../src/connectors/solana-standard/connector.js'
import {
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from '../../../../src/core/errors/rpc.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { ALICE, account, BOB, type FakeWallet, fakeWallet } from './fake-wallet.js'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const LOCALNET = resolveNetwork({
  caipNetworkId: 'solana:localnet',
  name: 'Localnet',
  nativeCurrency: SOL,
  rpcUrl: 'http://127.0.0.1:8899',
})
const MAINNET = resolveNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')

function connectorOf(wallet: FakeWallet, networks: CaipNetwork[] = [LOCALNET, MAINNET]) {
  return createSolanaStandardConnector({
    id: 'wallet-standard:Test',
    name: 'Test',
    wallet,
    networks,
    rpc: rpcRequest,
  })
}

test('default', async () => {
  const wallet = fakeWallet()
  const connector = connectorOf(wallet)
  expect({ ...connector, on: undefined }).toMatchObject({
    id: 'wallet-standard:Test',
    name: 'Test',
    type: 'ANNOUNCED',
    namespace: 'solana',
    rdns: undefined,
  })
  expect(await connector.isAuthorized()).toBe(false)
  expect(await connector.connect({ network: LOCALNET })).toEqual({
    accounts: [ALICE],
    caipNetworkId: 'solana:localnet',
  })
  expect(await connector.getAccounts()).toEqual([ALICE])
  expect(await connector.getNetworkId()).toBe('solana:localnet')
  expect(await connector.isAuthorized()).toBe(true)
})

test('args: connect starts on the network asked for when the account supports it', async () => {
  const wallet = fakeWallet({ grant: [account(ALICE, ['solana:mainnet'])] })
  const connector = connectorOf(wallet)
  // The account names mainnet only: the configured network it supports is chosen.
  expect((await connector.connect({ network: LOCALNET })).caipNetworkId).toBe(MAINNET.caipNetworkId)
  const any = fakeWallet({ grant: [account(ALICE, [])] })
  expect((await connectorOf(any).connect({ network: MAINNET })).caipNetworkId).toBe(
    MAINNET.caipNetworkId,
  )
})

test('args: accounts of other chains are left out', async () => {
  const wallet = fakeWallet({ grant: [account(BOB, ['bitcoin:mainnet']), account(ALICE)] })
  expect((await connectorOf(wallet).connect({})).accounts).toEqual([ALICE])
})

test('behavior: a silent connect is the reconnect check', async () => {
  const wallet = fakeWallet()
  const connector = connectorOf(wallet)
  expect(await connector.isAuthorized()).toBe(false)
  expect(wallet.connect).toHaveBeenCalledWith({ silent: true })
  wallet.change([account(ALICE)])
  expect(await connector.isAuthorized()).toBe(true)
})

test('behavior: standard:events account changes become accountsChanged, the account in use first', async () => {
  const wallet = fakeWallet({ grant: [account(ALICE), account(BOB)] })
  const connector = connectorOf(wallet)
  await connector.connect({})
  const seen: string[][] = []
  const off = connector.on('accountsChanged', (accounts) => seen.push(accounts))
  expect(wallet.listenerCount).toBe(1)
  wallet.change([account(BOB), account(ALICE)])
  wallet.change([account(BOB)])
  wallet.change([])
  expect(seen).toEqual([[ALICE, BOB], [BOB], []])
  off()
  off()
  expect(wallet.listenerCount).toBe(0)
})

test('behavior: switching network checks the wallet knows the cluster', async () => {
  const connector = connectorOf(fakeWallet({ chains: ['solana:localnet', 'solana:mainnet'] }))
  await connector.connect({ network: LOCALNET })
  await connector.switchNetwork(MAINNET)
  expect(await connector.getNetworkId()).toBe(MAINNET.caipNetworkId)
})

test('behavior: disconnect asks the wallet and forgets the account', async () => {
  const wallet = fakeWallet()
  const connector = connectorOf(wallet)
  await connector.connect({})
  await connector.disconnect()
  expect(wallet.disconnect).toHaveBeenCalledOnce()
  expect(await connector.getAccounts()).toEqual([])
  expect(connector.getProvider()).toBeUndefined()
  // A wallet without standard:disconnect: the site forgets it all the same.
  const plain = connectorOf(fakeWallet({ omit: ['standard:disconnect'] }))
  await plain.connect({})
  await expect(plain.disconnect()).resolves.toBeUndefined()
})

test('behavior: the provider is there as soon as connect() answers, before the wallet updates its accounts', async () => {
  const wallet = fakeWallet()
  // A wallet whose `accounts` property catches up with its connect answer a moment later.
  wallet.connect.mockImplementationOnce(async () => ({ accounts: [account(ALICE)] }))
  const connector = connectorOf(wallet)
  await connector.connect({ network: LOCALNET })
  expect(wallet.accounts).toEqual([])
  const provider = connector.getProvider() as { account: { address: string } } | undefined
  expect(provider?.account.address).toBe(ALICE)
  await connector.disconnect()
  expect(connector.getProvider()).toBeUndefined()
})

test('behavior: getProvider follows the current account and network', async () => {
  const wallet = fakeWallet({
    grant: [account(ALICE), account(BOB)],
    chains: ['solana:localnet', 'solana:mainnet'],
  })
  const connector = connectorOf(wallet)
  await connector.connect({ network: LOCALNET })
  const first = connector.getProvider() as {
    account: { address: string }
    chain: string
    caipNetworkId: string
  }
  expect(first).toMatchObject({
    wallet,
    chain: 'solana:localnet',
    caipNetworkId: 'solana:localnet',
  })
  expect(first.account.address).toBe(ALICE)
  connector.on('accountsChanged', () => undefined)
  wallet.change([account(BOB)])
  await connector.switchNetwork(MAINNET)
  expect(connector.getProvider()).toMatchObject({
    account: { address: BOB },
    chain: 'solana:mainnet',
  })
  expect(Object.isFrozen(connector.getProvider())).toBe(true)
})

test('error: a declined connect is UserRejectedRequestError, with or without a code', async () => {
  const wallet = fakeWallet()
  const connector = connectorOf(wallet)
  wallet.connect.mockRejectedValueOnce(
    Object.assign(new Error('User rejected the request.'), { code: 4001 }),
  )
  await expect(connector.connect({})).rejects.toBeInstanceOf(UserRejectedRequestError)
  wallet.connect.mockRejectedValueOnce(new Error('Connection declined by user'))
  await expect(connector.connect({})).rejects.toBeInstanceOf(UserRejectedRequestError)
  wallet.connect.mockRejectedValueOnce(
    Object.assign(new Error('x'), { name: 'WalletConnectionRejectedError' }),
  )
  await expect(connector.connect({})).rejects.toBeInstanceOf(UserRejectedRequestError)
  wallet.connect.mockRejectedValueOnce(new Error('Wallet is locked'))
  const other = await connector.connect({}).catch((e: unknown) => e)
  expect(other).toBeInstanceOf(WalletRequestError)
  expect((other as WalletRequestError).shortMessage).toBe('Wallet is locked')
  expect(await connector.connect({})).toMatchObject({ accounts: [ALICE] })
})

test('error: a wallet that grants no Solana account', async () => {
  const connector = connectorOf(fakeWallet({ grant: [] }))
  await expect(connector.connect({})).rejects.toBeInstanceOf(UnauthorizedProviderError)
})

test('error: a cluster the wallet does not list, or another namespace', async () => {
  const connector = connectorOf(fakeWallet({ chains: ['solana:localnet'] }))
  await connector.connect({})
  const error = await connector.switchNetwork(MAINNET).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(UnrecognizedChainError)
  expect((error as UnrecognizedChainError).code).toBe(4902)
  await expect(connector.switchNetwork(resolveNetwork('eip155:1'))).rejects.toBeInstanceOf(
    UnrecognizedChainError,
  )
  expect(await connector.getNetworkId()).toBe('solana:localnet')
})

test('error: a silent connect that throws means not authorised', async () => {
  const wallet = fakeWallet()
  wallet.connect.mockRejectedValueOnce(new Error('boom'))
  expect(await connectorOf(wallet).isAuthorized()).toBe(false)
})
