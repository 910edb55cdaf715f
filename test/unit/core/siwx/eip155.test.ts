import { encodeFunctionData, hashMessage, parseAbi } from 'viem'
import { expect, test, vi } from 'vitest'
import { createEip155Writer } from '../../../../src/chains/eip155/writer.js'
import { WalletRequestError } from '../../../../src/core/errors/rpc.js'
import { resolveNetwork } from '../../../../src/core/networks.js'
import { eip155Signer, isValidSignatureData } from '../../../../src/core/siwx/eip155.js'
import { SignatureDeclinedError, SiwxNotConnectedError } from '../../../../src/core/siwx/errors.js'
import { createTestWallet } from '../../../stack/wallet/index.js'
import { ALICE, BOB } from './vectors.js'

const MESSAGE = 'shop.example wants you to sign in with your Ethereum account:\n…'

/** The test wallet in process, on a chain it never needs to reach. */
function wallet() {
  const w = createTestWallet({
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    accountIndex: 1,
  })
  w.authorize()
  return w
}

const NETWORK = resolveNetwork('eip155:31337')
const writer = createEip155Writer({ rpc: () => Promise.reject(new Error('no RPC here')) })

/** What the kit signs a sign-in with: the eip155 writer's personal_sign over `provider`. */
const signerOver = (provider: unknown) => ({
  signMessage: (message: string, address: string) =>
    writer.signMessage?.(message, address, { network: NETWORK, provider }),
})

test('default', async () => {
  const w = wallet()
  const signature = await eip155Signer.sign({
    wallet: signerOver(w.provider),
    message: MESSAGE,
    address: ALICE.address,
  })
  expect(signature).toBe(await ALICE.signMessage({ message: MESSAGE }))
  // personal_sign gets the message as hex (UTF-8 bytes) and the address.
  expect(w.calls.at(-1)).toMatchObject({
    method: 'personal_sign',
    params: [`0x${Buffer.from(MESSAGE).toString('hex')}`, ALICE.address],
  })
  expect(
    await eip155Signer.verify({
      message: MESSAGE,
      signature,
      address: ALICE.address,
      call: undefined,
    }),
  ).toBe(true)
})

test('error: 4001 is "Signature declined"', async () => {
  const w = wallet()
  w.rejectNext('personal_sign', 4001)
  const error = await eip155Signer
    .sign({ wallet: signerOver(w.provider), message: MESSAGE, address: ALICE.address })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SignatureDeclinedError)
  expect((error as SignatureDeclinedError).shortMessage).toBe('Signature declined')
  expect((error as SignatureDeclinedError).code).toBe(4001)
  // Also when the wallet nests the code.
  w.nestNextError('personal_sign', 4001)
  await expect(
    eip155Signer.sign({ wallet: signerOver(w.provider), message: MESSAGE, address: ALICE.address }),
  ).rejects.toBeInstanceOf(SignatureDeclinedError)
})

test('error: other wallet failures and answers that are no signature', async () => {
  const w = wallet()
  w.rejectNext('personal_sign', -32603, 'Ledger disconnected')
  await expect(
    eip155Signer.sign({ wallet: signerOver(w.provider), message: MESSAGE, address: ALICE.address }),
  ).rejects.toThrowErrorMatchingInlineSnapshot(`
    [WalletRequestError: Ledger disconnected]
  `)
  for (const answer of [null, 42, 'signature', '0x', { r: 1 }]) {
    const provider = { request: vi.fn(async () => answer) }
    await expect(
      eip155Signer.sign({ wallet: signerOver(provider), message: MESSAGE, address: ALICE.address }),
    ).rejects.toBeInstanceOf(WalletRequestError)
  }
  await expect(
    eip155Signer.sign({ wallet: undefined, message: MESSAGE, address: ALICE.address }),
  ).rejects.toBeInstanceOf(SiwxNotConnectedError)
})

test('behavior: an EOA signature of another account, or no signature at all, is refused', async () => {
  const signature = await BOB.signMessage({ message: MESSAGE })
  const check = (sig: string) =>
    eip155Signer.verify({
      message: MESSAGE,
      signature: sig,
      address: ALICE.address,
      call: undefined,
    })
  expect(await check(signature)).toBe(false)
  expect(await check('0x1234')).toBe(false)
  expect(await check('0xzz')).toBe(false)
  expect(await check(`${signature}0`)).toBe(false)
  expect(await check('')).toBe(false)
  // The address is compared without regard to its checksum case.
  expect(
    await eip155Signer.verify({
      message: MESSAGE,
      signature: await ALICE.signMessage({ message: MESSAGE }),
      address: ALICE.address.toLowerCase(),
      call: undefined,
    }),
  ).toBe(true)
})

test('behavior: a contract account answers isValidSignature (EIP-1271)', async () => {
  const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const signature = `0x${'ab'.repeat(100)}` // not an ECDSA signature: a contract's own format
  const call = vi.fn(async () => `0x1626ba7e${'0'.repeat(56)}`)
  expect(await eip155Signer.verify({ message: MESSAGE, signature, address: contract, call })).toBe(
    true,
  )
  expect(call).toHaveBeenCalledWith({
    to: contract,
    data: encodeFunctionData({
      abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
      args: [hashMessage(MESSAGE), signature as `0x${string}`],
    }),
  })
  // Any other answer, or a failing call, is no.
  call.mockResolvedValueOnce(`0xffffffff${'0'.repeat(56)}`)
  expect(await eip155Signer.verify({ message: MESSAGE, signature, address: contract, call })).toBe(
    false,
  )
  call.mockResolvedValueOnce('0x')
  expect(await eip155Signer.verify({ message: MESSAGE, signature, address: contract, call })).toBe(
    false,
  )
  call.mockRejectedValueOnce(new Error('execution reverted'))
  await expect(
    eip155Signer.verify({ message: MESSAGE, signature, address: contract, call }),
  ).rejects.toThrow('execution reverted')
})

test('args: isValidSignature call data matches the ABI encoding for any signature length', () => {
  const abi = parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)'])
  const hash = hashMessage('x')
  for (const length of [0, 1, 31, 32, 33, 65, 130]) {
    const signature = `0x${'7f'.repeat(length)}` as `0x${string}`
    expect(isValidSignatureData(hash, signature)).toBe(
      encodeFunctionData({ abi, args: [hash, signature] }),
    )
  }
})
