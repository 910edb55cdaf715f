// @vitest-environment node
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  hashMessage,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createEip155Writer } from '../../../src/chains/eip155/writer.js'
import { createSignatureChecks } from '../../../src/core/siwx/checks.js'
import { isValidSignatureData } from '../../../src/core/siwx/eip155.js'
import { formatSiwxMessage } from '../../../src/core/siwx/message.js'
import type { SiwxSession, SiwxTarget } from '../../../src/core/siwx/types.js'
import type { CaipAddress, CaipNetwork } from '../../../src/core/types/caip.js'
import { rpcRequest } from '../../../src/services/rpc.js'
import { type Anvil, receiptOf, rpc, startAnvil, testAccount } from '../chain/index.js'
import { artifacts } from './index.js'

// The kit's sign-in check of a contract account (EIP-1271), against a real contract on anvil:
// OwnerAccount accepts its owner's signature of the message hash, as a one-key smart wallet does.

const CHAIN_ID = 31_339
const owner = testAccount(6)
const stranger = testAccount(7)
let anvil: Anvil
let account: Address

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  const deployer = testAccount(8)
  const nonce = Number(
    await rpc<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']),
  )
  const data = encodeDeployData({
    abi: artifacts.OwnerAccount.abi,
    bytecode: artifacts.OwnerAccount.bytecode,
    args: [owner.address],
  })
  const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: deployer.address, data },
  ])
  const receipt = await receiptOf(anvil.rpcUrl, hash)
  expect(receipt.status).toBe('0x1')
  account = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
}, 30_000)
afterAll(() => anvil?.stop())

const network = (): CaipNetwork =>
  ({
    caipNetworkId: `eip155:${CHAIN_ID}`,
    namespace: 'eip155',
    reference: String(CHAIN_ID),
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: anvil.rpcUrl,
  }) as CaipNetwork

function target(address: string): SiwxTarget {
  return {
    caipNetworkId: `eip155:${CHAIN_ID}`,
    address,
    caipAddress: `eip155:${CHAIN_ID}:${address}` as CaipAddress,
  }
}

function messageFor(address: string): Pick<SiwxSession, 'data' | 'message'> {
  const data = {
    domain: 'shop.example',
    accountAddress: address,
    chainId: `eip155:${CHAIN_ID}`,
    uri: 'https://shop.example',
    version: '1',
    nonce: 'a1b2c3d4e5',
    issuedAt: '2026-11-22T08:00:00.000Z',
    expirationTime: '2026-11-23T08:00:00.000Z',
  } as const
  return { data, message: formatSiwxMessage(data) }
}

/** The kit's own check of a stored or new session (no site verifier), over the network's RPC. */
function check(session: SiwxSession): Promise<boolean> {
  const writer = createEip155Writer({ rpc: rpcRequest })
  const checks = createSignatureChecks({
    read: (_id, method, params) =>
      writer.read?.(method, params, {
        network: network(),
        provider: undefined,
      }) as Promise<unknown>,
  })
  return checks.local(target(session.data.accountAddress))(session)
}

test('default: the owner signature of a sign-in for the contract account is accepted', async () => {
  const { data, message } = messageFor(account)
  const signature = await owner.signMessage({ message })
  expect(await check({ data, message, signature })).toBe(true)
})

test('behavior: the contract itself is asked (isValidSignature over the message hash)', async () => {
  const { message } = messageFor(account)
  const signature = await owner.signMessage({ message })
  const answer = await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
    {
      to: account,
      data: isValidSignatureData(hashMessage(message), signature),
    },
    'latest',
  ])
  expect(answer.slice(0, 10)).toBe('0x1626ba7e')
})

test('error: a stranger signature, a signature of another message and a short one are refused', async () => {
  const { data, message } = messageFor(account)
  expect(await check({ data, message, signature: await stranger.signMessage({ message }) })).toBe(
    false,
  )
  const other = await owner.signMessage({ message: `${message} ` })
  expect(await check({ data, message, signature: other })).toBe(false)
  expect(await check({ data, message, signature: `0x${'ab'.repeat(64)}` })).toBe(false)
})

test('error: an account with no code refuses, even for the owner key signature', async () => {
  const eoa = stranger.address
  const { data, message } = messageFor(eoa)
  expect(await check({ data, message, signature: await owner.signMessage({ message }) })).toBe(
    false,
  )
})

// ── Calls the owner approved: sent by the owner, or relayed with the owner's signature ─────────

const ACCOUNT_ABI = artifacts.OwnerAccount.abi

async function send(from: { address: Address }, to: Address, data: Hex, value = 0n) {
  const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: from.address, to, data, value: `0x${value.toString(16)}`, gas: '0x100000' },
  ])
  return receiptOf(anvil.rpcUrl, hash)
}

const balance = async (address: string) =>
  BigInt(await rpc<Hex>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']))

/** The owner's approval of `to.call{value}(data)` at the account's next nonce. */
async function approval(signer: typeof owner, to: Address, value: bigint, data: Hex = '0x') {
  const nonce = BigInt(
    await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
      { to: account, data: encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'nonce' }) },
      'latest',
    ]),
  )
  const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
    {
      to: account,
      data: encodeFunctionData({
        abi: ACCOUNT_ABI,
        functionName: 'executeHash',
        args: [to, value, data, nonce],
      }),
    },
    'latest',
  ])
  return signer.sign({ hash })
}

const execute = (to: Address, value: bigint, signature: Hex, data: Hex = '0x') =>
  encodeFunctionData({
    abi: ACCOUNT_ABI,
    functionName: 'execute',
    args: [to, value, data, signature],
  })

test('behavior: the account holds ether; the owner runs a transfer itself', async () => {
  expect((await send(stranger, account, '0x', 5n * 10n ** 18n)).status).toBe('0x1')
  const to = testAccount(5).address
  const before = await balance(to)
  expect((await send(owner, account, execute(to, 10n ** 18n, '0x'))).status).toBe('0x1')
  expect(await balance(to)).toBe(before + 10n ** 18n)
})

test("behavior: anyone may relay a call with the owner's signature, once", async () => {
  const to = testAccount(5).address
  const before = await balance(to)
  const signature = await approval(owner, to, 1234n)
  const relayed = execute(to, 1234n, signature)
  expect((await send(stranger, account, relayed)).status).toBe('0x1')
  expect(await balance(to)).toBe(before + 1234n)
  // The same approval again: the nonce moved on, the signature no longer matches.
  expect((await send(stranger, account, relayed)).status).toBe('0x0')
  expect(await balance(to)).toBe(before + 1234n)
})

test("error: a stranger's signature, or another call than the one approved, is refused", async () => {
  const to = testAccount(5).address
  const before = await balance(to)
  const theirs = await approval(stranger, to, 1n)
  expect((await send(stranger, account, execute(to, 1n, theirs))).status).toBe('0x0')
  const ownerFor1 = await approval(owner, to, 1n)
  expect((await send(stranger, account, execute(to, 2n, ownerFor1))).status).toBe('0x0')
  expect(await balance(to)).toBe(before)
})

test("behavior: the factory puts each owner's account at one address, deployed once", async () => {
  const deployer = testAccount(8)
  const nonce = Number(
    await rpc<Hex>(anvil.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']),
  )
  const deployed = await send(deployer, undefined as never, artifacts.OwnerAccountFactory.bytecode)
  expect(deployed.status).toBe('0x1')
  const factory = getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
  const abi = artifacts.OwnerAccountFactory.abi
  const predicted = `0x${(
    await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
      {
        to: factory,
        data: encodeFunctionData({ abi, functionName: 'addressOf', args: [stranger.address] }),
      },
      'latest',
    ])
  ).slice(-40)}`
  const create = encodeFunctionData({ abi, functionName: 'create', args: [stranger.address] })
  expect((await send(deployer, factory, create)).status).toBe('0x1')
  expect((await send(deployer, factory, create)).status).toBe('0x1')
  expect(await rpc<Hex>(anvil.rpcUrl, 'eth_getCode', [predicted, 'latest'])).not.toBe('0x')
  const ownerOf = await rpc<Hex>(anvil.rpcUrl, 'eth_call', [
    { to: predicted, data: encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'owner' }) },
    'latest',
  ])
  expect(`0x${ownerOf.slice(-40)}`.toLowerCase()).toBe(stranger.address.toLowerCase())
})
