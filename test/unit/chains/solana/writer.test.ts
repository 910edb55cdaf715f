// @vitest-environment node
import {
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
} from '@solana/kit'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { transferMessage } from '../../../../src/chains/solana/transfer.js'
import { createSolanaWriter, LAMPORTS_PER_SIGNATURE } from '../../../../src/chains/solana/writer.js'
import { UserRejectedRequestError } from '../../../../src/core/errors/rpc.js'
import {
  FeeEstimateError,
  InvalidTransactionHashError,
  UnsupportedTransferError,
} from '../../../../src/core/errors/transaction.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import type { WriteContext } from '../../../../src/core/types/adapter.js'
import type { SolanaWalletProvider } from '../../../../src/core/types/provider.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { type SolanaStandIn, solanaTestAccount, startSolana } from '../../../stack/solana/index.js'

let solana: SolanaStandIn
beforeAll(async () => {
  solana = await startSolana()
}, 30_000)
afterAll(() => solana?.stop())

const writer = createSolanaWriter({ rpc: rpcRequest })
const network = () =>
  resolveNetwork({
    caipNetworkId: 'solana:localnet',
    name: 'Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrl: solana.url,
  })

/** A wallet that signs with account `index`'s key and sends through the RPC stand-in. */
async function walletOf(index: number) {
  const account = await solanaTestAccount(index)
  const sent: Uint8Array[] = []
  const provider: SolanaWalletProvider = {
    account: { address: account.address },
    caipNetworkId: 'solana:localnet',
    signAndSendTransaction: vi.fn(async (wire: Uint8Array) => {
      sent.push(wire)
      const signed = await partiallySignTransaction(
        [account.keyPair],
        getTransactionDecoder().decode(wire),
      )
      const base64 = getBase64Decoder().decode(getTransactionEncoder().encode(signed))
      return (await rpcRequest(solana.url, 'sendTransaction', [
        base64,
        { encoding: 'base64' },
      ])) as string
    }),
  }
  const context: WriteContext = { network: network(), provider }
  return { account, provider, sent, context }
}

test('default', async () => {
  const { account, context } = await walletOf(0)
  const { address: to } = await solanaTestAccount(40)
  const before = solana.chain.balance(account.address)
  const prepared = await writer.prepareTransfer(
    { from: account.address, to, amount: 1_250_000_000n },
    context,
  )
  expect(prepared).toMatchObject({
    namespace: 'solana',
    from: account.address,
    amount: 1_250_000_000n,
    fee: LAMPORTS_PER_SIGNATURE,
  })
  expect(writer.canSend(context)).toBe(true)
  const signature = await writer.sendTransaction(prepared, context)
  const receipt = await writer.waitForReceipt(signature, {
    ...context,
    signal: new AbortController().signal,
  })
  expect(receipt).toEqual({ hash: signature, status: 'success' })
  expect(solana.chain.balance(to)).toBe(1_250_000_000n)
  expect(solana.chain.balance(account.address)).toBe(before - 1_250_000_000n - 5000n)
  expect(await writer.getBalance(to, undefined, context)).toBe(1_250_000_000n)
})

test('behavior: max sends the balance less the fee; the account is emptied', async () => {
  const { account, context } = await walletOf(3)
  const { address: to } = await solanaTestAccount(41)
  const held = solana.chain.balance(account.address)
  const prepared = await writer.prepareTransfer(
    { from: account.address, to, amount: 'max' },
    context,
  )
  expect(prepared.amount).toBe(held - 5000n)
  const signature = await writer.sendTransaction(prepared, context)
  await writer.waitForReceipt(signature, { ...context, signal: new AbortController().signal })
  expect(solana.chain.balance(account.address)).toBe(0n)
  expect(solana.chain.balance(to)).toBe(held - 5000n)
})

test('behavior: a transfer to oneself names the account once and executes', async () => {
  const { account, context } = await walletOf(1)
  const before = solana.chain.balance(account.address)
  const prepared = await writer.prepareTransfer(
    { from: account.address, to: account.address, amount: 1n },
    context,
  )
  const signature = await writer.sendTransaction(prepared, context)
  expect(solana.chain.status(signature)).toEqual({ slot: expect.any(Number), err: null })
  expect(solana.chain.balance(account.address)).toBe(before - 5000n)
})

test('behavior: the message is the System Program transfer (u32 2, then u64 lamports)', () => {
  const blockhash = '11111111111111111111111111111111'
  const message = transferMessage({
    from: 'So11111111111111111111111111111111111111112',
    to: 'SysvarRent111111111111111111111111111111111',
    lamports: 258n,
    blockhash,
  })
  // Header, three keys, blockhash, one instruction: program 2, accounts 0 and 1, 12 bytes of data.
  expect([...message.subarray(0, 4)]).toEqual([1, 0, 1, 3])
  expect([...message.subarray(4 + 96 + 32)]).toEqual([
    1, 2, 2, 0, 1, 12, 2, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0,
  ])
})

test('behavior: the host provider is watched: its sends are reported with their network', async () => {
  const { account, provider, context } = await walletOf(2)
  const onSent = vi.fn()
  const watched = writer.watchHostSends(provider, onSent) as SolanaWalletProvider
  expect(watched.account).toBe(provider.account)
  const prepared = await writer.prepareTransfer(
    { from: account.address, to: account.address, amount: 5n },
    context,
  )
  if (prepared.namespace !== 'solana') throw new Error('not solana')
  const signature = await watched.signAndSendTransaction(prepared.transaction)
  expect(onSent).toHaveBeenCalledWith(signature, 'solana:localnet')
})

test('error: SPL tokens, a network without RPC and a missing wallet are unsupported', async () => {
  const { account, context } = await walletOf(0)
  const transfer = { from: account.address, to: account.address, amount: 1n }
  await expect(
    writer.prepareTransfer({ ...transfer, token: account.address }, context),
  ).rejects.toBeInstanceOf(UnsupportedTransferError)
  const noRpc = { ...context, network: { ...network(), rpcUrl: undefined } }
  expect(writer.canSend(noRpc)).toBe(false)
  await expect(writer.prepareTransfer(transfer, noRpc)).rejects.toBeInstanceOf(
    UnsupportedTransferError,
  )
  const prepared = await writer.prepareTransfer(transfer, context)
  await expect(
    writer.sendTransaction(prepared, { ...context, provider: {} }),
  ).rejects.toBeInstanceOf(UnsupportedTransferError)
})

test('error: a declined signature, an odd answer and a node that is down', async () => {
  const { account, provider, context } = await walletOf(0)
  const prepared = await writer.prepareTransfer(
    { from: account.address, to: account.address, amount: 1n },
    context,
  )
  vi.mocked(provider.signAndSendTransaction).mockRejectedValueOnce({ code: 4001, message: 'no' })
  await expect(writer.sendTransaction(prepared, context)).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
  vi.mocked(provider.signAndSendTransaction).mockResolvedValueOnce('not a signature')
  await expect(writer.sendTransaction(prepared, context)).rejects.toBeInstanceOf(
    InvalidTransactionHashError,
  )
  const down = { ...context, network: { ...network(), rpcUrl: 'http://127.0.0.1:9/' } }
  await expect(
    writer.prepareTransfer({ from: account.address, to: account.address, amount: 1n }, down),
  ).rejects.toBeInstanceOf(FeeEstimateError)
})
