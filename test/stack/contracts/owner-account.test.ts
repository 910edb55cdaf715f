// @vitest-environment node
import { type Address, encodeDeployData, getContractAddress, type Hex, hashMessage } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
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
  const checks = createSignatureChecks({
    networks: [network()],
    rpc: (url, method, params) => rpcRequest(url, method, params),
    provider: () => undefined,
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
