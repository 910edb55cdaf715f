// @vitest-environment node
import {
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToBigInt,
  maxUint256,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { checkEip155Address } from '../../../../src/chains/eip155/adapter.js'
import {
  encodeAllowance,
  encodeApprove,
  encodeBalanceOf,
  encodeTransfer,
} from '../../../../src/chains/eip155/erc20.js'
import { createEip155Writer } from '../../../../src/chains/eip155/writer.js'
import {
  SignatureDeclinedError,
  UserRejectedRequestError,
} from '../../../../src/core/errors/rpc.js'
import {
  FeeEstimateError,
  InvalidTransactionHashError,
  WalletNetworkMismatchError,
} from '../../../../src/core/errors/transaction.js'
import type { CaipNetwork } from '../../../../src/core/types/caip.js'
import type { Eip1193Provider } from '../../../../src/core/types/provider.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import {
  type ChainDescription,
  type Chains,
  rpc,
  startChains,
  testAccount,
} from '../../../stack/chain/index.js'
import { createTestWallet, type TestWallet } from '../../../stack/wallet/index.js'

let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 60_000)
afterAll(() => chains?.stop())

const writer = createEip155Writer({ rpc: rpcRequest })
const chainAt = (i: number) => chains.chains[i] as ChainDescription
const networkOf = (i: number, more: Partial<CaipNetwork> = {}): CaipNetwork => ({
  caipNetworkId: `eip155:${chainAt(i).chainId}`,
  namespace: 'eip155',
  reference: String(chainAt(i).chainId),
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: chainAt(i).rpcUrl,
  ...more,
})
const usdc = (i = 0) => {
  const token = chainAt(i).tokens.find((t) => t.symbol === 'USDC')
  if (!token) throw new Error('no USDC')
  return token
}
const ethOf = async (who: string, i = 0) =>
  hexToBigInt(await rpc<Hex>(chainAt(i).rpcUrl, 'eth_getBalance', [who, 'latest']))
const tokenOf = async (who: `0x${string}`, i = 0) =>
  hexToBigInt(
    await rpc<Hex>(chainAt(i).rpcUrl, 'eth_call', [
      { to: usdc(i).address, data: encodeBalanceOf(who) },
      'latest',
    ]),
  )
/** What the chain charged for a mined transaction. */
async function feePaid(hash: string, i = 0) {
  const receipt = await rpc<{ gasUsed: Hex; effectiveGasPrice: Hex }>(
    chainAt(i).rpcUrl,
    'eth_getTransactionReceipt',
    [hash],
  )
  return hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice)
}

/** The test wallet on account `index`, connected, as the kit's writer calls it. */
async function walletOn(index: number, network = networkOf(0)) {
  const wallet: TestWallet = createTestWallet({ chains: chains.chains, accountIndex: index })
  const provider = wallet.provider as unknown as Eip1193Provider
  await provider.request({ method: 'eth_requestAccounts' })
  return { wallet, provider, context: { network, provider }, from: wallet.address }
}
const signal = () => new AbortController().signal

test('default', async () => {
  const { wallet, from, context } = await walletOn(1)
  const to = testAccount(7).address
  const [senderBefore, recipientBefore] = [await ethOf(from), await ethOf(to)]
  const amount = 123_456_789_000_000_000n
  const prepared = await writer.prepareTransfer({ from, to, amount }, context)
  expect(prepared).toMatchObject({ namespace: 'eip155', amount })
  if (prepared.namespace !== 'eip155') throw new Error('not eip155')
  expect(prepared.request).toMatchObject({ from, to, value: amount, gas: 21_000n })
  expect(prepared.fee).toBe(21_000n * (prepared.request.maxFeePerGas ?? 0n))
  const hash = await writer.sendTransaction(prepared, context)
  const receipt = await writer.waitForReceipt(hash, { ...context, signal: signal() })
  expect(receipt).toEqual({ hash, status: 'success' })
  expect(await ethOf(to)).toBe(recipientBefore + amount)
  expect(await ethOf(from)).toBe(senderBefore - amount - (await feePaid(hash)))
  // The wallet got the gas and fees the fee estimate was made of, and the network's chain id.
  const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction')
  expect((sent?.params as Record<string, string>[] | undefined)?.[0]).toMatchObject({
    chainId: '0x7a69',
    gas: '0x5208',
    maxFeePerGas: `0x${prepared.request.maxFeePerGas?.toString(16)}`,
  })
})

test('behavior: a 6-decimal token moves exactly, the fee is paid in ETH', async () => {
  const { from, context } = await walletOn(2)
  const to = testAccount(8).address
  const token = usdc()
  expect(token.decimals).toBe(6)
  const before = [await tokenOf(from), await tokenOf(to)] as const
  const prepared = await writer.prepareTransfer(
    { from, to, amount: 12_345_678n, token: token.address },
    context,
  )
  if (prepared.namespace !== 'eip155') throw new Error('not eip155')
  expect(prepared.request).toMatchObject({
    to: token.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 12_345_678n] }),
  })
  const hash = await writer.sendTransaction(prepared, context)
  await writer.waitForReceipt(hash, { ...context, signal: signal() })
  expect(await tokenOf(from)).toBe(before[0] - 12_345_678n)
  expect(await tokenOf(to)).toBe(before[1] + 12_345_678n)
  expect(await writer.getBalance(to, token.address, context)).toBe(before[1] + 12_345_678n)
})

test('behavior: max sends the balance less the most the fee can cost, and leaves the fee', async () => {
  const { from, context } = await walletOn(5)
  const to = testAccount(8).address
  const balance = await ethOf(from)
  const prepared = await writer.prepareTransfer({ from, to, amount: 'max' }, context)
  expect(prepared.amount).toBe(balance - prepared.fee)
  const hash = await writer.sendTransaction(prepared, context)
  const receipt = await writer.waitForReceipt(hash, { ...context, signal: signal() })
  expect(receipt.status).toBe('success')
  expect(await ethOf(from)).toBe(prepared.fee - (await feePaid(hash)))
})

test('behavior: max of a token is its whole balance', async () => {
  const { from, context } = await walletOn(3)
  const held = await tokenOf(from)
  const prepared = await writer.prepareTransfer(
    { from, to: testAccount(8).address, amount: 'max', token: usdc().address },
    context,
  )
  expect(prepared.amount).toBe(held)
})

test('behavior: reads go through the wallet when the network has no RPC url', async () => {
  const { wallet, from, context } = await walletOn(4, networkOf(0, { rpcUrl: undefined }))
  wallet.calls.length = 0
  await writer.prepareTransfer({ from, to: from, amount: 1n }, context)
  expect(wallet.calls.map((c) => c.method)).toEqual(
    expect.arrayContaining(['eth_estimateGas', 'eth_getBlockByNumber']),
  )
})

test('behavior: an approval built elsewhere is estimated as is; the allowance is read back', async () => {
  const { from, context } = await walletOn(4)
  const spender = chainAt(0).router
  const token = usdc().address
  const data = encodeApprove(spender, maxUint256)
  expect(data).toBe(
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
  )
  const prepared = await writer.prepareCall?.({ from, to: token, data }, context)
  if (!prepared) throw new Error('no prepareCall')
  const hash = await writer.sendTransaction(prepared, context)
  await writer.waitForReceipt(hash, { ...context, signal: signal() })
  expect(await writer.getAllowance?.(from, token, spender, context)).toBe(maxUint256)
  expect(encodeAllowance(from, spender)).toBe(
    encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [from, spender] }),
  )
})

test('behavior: the host provider is watched: sends are reported, the rest is the wallet itself', async () => {
  const { provider, from } = await walletOn(6)
  const onSent = vi.fn()
  const watched = writer.watchHostSends(provider, onSent) as Eip1193Provider
  expect(watched.on).toBe(watched.on)
  expect('request' in watched && typeof watched.removeListener).toBe('function')
  expect(await watched.request({ method: 'eth_chainId' })).toBe('0x7a69')
  expect(onSent).not.toHaveBeenCalled()
  const hash = await watched.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: from, value: '0x1' }],
  })
  expect(onSent).toHaveBeenCalledExactlyOnceWith(hash)
  await expect(
    watched.request({ method: 'eth_sendTransaction', params: [{ from, to: '0x12' }] }),
  ).rejects.toMatchObject({ code: -32602 })
  expect(onSent).toHaveBeenCalledTimes(1)
})

test('behavior: a receipt wait stops when its signal aborts', async () => {
  const { context } = await walletOn(6)
  const controller = new AbortController()
  const waiting = writer.waitForReceipt(`0x${'ab'.repeat(32)}`, {
    ...context,
    signal: controller.signal,
  })
  controller.abort(new Error('left'))
  await expect(waiting).rejects.toThrow('left')
})

test('args: checkAddress takes SPEC §5 addresses; mixed case must carry the right checksum', () => {
  const address = testAccount(0).address
  expect(checkEip155Address(address)).toEqual({ valid: true, address })
  expect(checkEip155Address(address.toLowerCase())).toEqual({ valid: true, address })
  expect(checkEip155Address(`0x${address.slice(2).toUpperCase()}`)).toEqual({
    valid: true,
    address,
  })
  expect(checkEip155Address(address.slice(2).toLowerCase())).toEqual({ valid: true, address })
  const flipped = address.replace(/[a-f]/, (c) => c.toUpperCase())
  expect(checkEip155Address(flipped)).toEqual({ valid: false, reason: 'checksum' })
  for (const bad of [
    '',
    '0x',
    `${address}0`,
    address.slice(0, -1),
    `0x${'g'.repeat(40)}`,
    'bob.eth',
  ])
    expect(checkEip155Address(bad), bad).toEqual({ valid: false, reason: 'format' })
  expect(encodeTransfer(address, 1n)).toBe(
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address, 1n] }),
  )
})

test('error: a declined send is UserRejectedRequestError; nothing is mined', async () => {
  const { wallet, from, context } = await walletOn(6)
  const prepared = await writer.prepareTransfer({ from, to: from, amount: 1n }, context)
  wallet.rejectNext('eth_sendTransaction')
  await expect(writer.sendTransaction(prepared, context)).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
})

test('error: a wallet on another network refuses; an answer that is no hash is refused', async () => {
  const { provider, from, context } = await walletOn(6)
  const prepared = await writer.prepareTransfer({ from, to: from, amount: 1n }, context)
  await expect(
    writer.sendTransaction(prepared, { ...context, network: networkOf(1) }),
  ).rejects.toBeInstanceOf(WalletNetworkMismatchError)
  const liar: Eip1193Provider = {
    request: async (args) =>
      args.method === 'eth_sendTransaction' ? '0x1234' : provider.request(args),
  }
  await expect(
    writer.sendTransaction(prepared, { ...context, provider: liar }),
  ).rejects.toBeInstanceOf(InvalidTransactionHashError)
})

test('error: a transfer the network refuses in advance is a FeeEstimateError', async () => {
  const { from, context } = await walletOn(7)
  // Account 7 was never given USDC: the transfer would revert.
  await expect(
    writer.prepareTransfer({ from, to: from, amount: 1n, token: usdc().address }, context),
  ).rejects.toBeInstanceOf(FeeEstimateError)
})

test('behavior: a message is signed with personal_sign and recovers to the signer; 4001 is "Signature declined"', async () => {
  const { wallet, from, context } = await walletOn(6)
  const message = JSON.stringify({ name: 'alice.wk.eth', attributes: {}, timestamp: 1700000000 })
  const signature = await writer.signMessage?.(message, from, context)
  expect(await verifyMessage({ address: from, message, signature: signature ?? '0x' })).toBe(true)
  wallet.rejectNext('personal_sign')
  await expect(writer.signMessage?.(message, from, context)).rejects.toBeInstanceOf(
    SignatureDeclinedError,
  )
})
