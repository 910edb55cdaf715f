// @vitest-environment node
import { verify } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import { beforeAll, beforeEach, expect, test } from 'vitest'
import {
  buildTransfer,
  createSolanaChain,
  createSolanaTestWallet,
  type SolanaChain,
  type SolanaTestWallet,
  type SolanaWalletEvent,
  solanaTestAccount,
} from './index.js'

let chain: SolanaChain
let wallet: SolanaTestWallet
const events: SolanaWalletEvent[] = []
beforeAll(async () => {
  chain = await createSolanaChain()
  wallet = await createSolanaTestWallet({ chain })
  wallet.subscribe((e) => {
    events.push(e)
  })
})
beforeEach(async () => {
  await wallet.reset()
  events.length = 0
})

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
async function ok<T>(method: string, params: unknown = {}): Promise<T> {
  const outcome = await wallet.handle(method, params)
  if ('error' in outcome) throw new Error(`${method}: ${outcome.error.message}`)
  return outcome.result as T
}

/** Ed25519 verification with Node's crypto: the public key as an SPKI DER. */
function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) {
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
  return verify(null, message, { key: der, format: 'der', type: 'spki' }, signature)
}

test('default', async () => {
  const { accounts } = await ok<{ accounts: { address: string; publicKey: string }[] }>('connect')
  const account = await solanaTestAccount(0)
  expect(accounts).toEqual([{ address: account.address, publicKey: expect.any(String) }])
  expect(getBase58Encoder().encode(account.address)).toEqual(bytes(accounts[0]?.publicKey ?? ''))
  expect(wallet.connected).toBe(true)
})

test('behavior: signMessage signs with Ed25519', async () => {
  const { accounts } = await ok<{ accounts: { address: string; publicKey: string }[] }>('connect')
  const message = new TextEncoder().encode('Sign in to WalletKit')
  const out = await ok<{ signature: string; signedMessage: string }>('signMessage', {
    address: wallet.address,
    message: b64(message),
  })
  const signature = bytes(out.signature)
  expect(signature).toHaveLength(64)
  expect(bytes(out.signedMessage)).toEqual(message)
  const publicKey = bytes(accounts[0]?.publicKey ?? '')
  expect(verifyEd25519(publicKey, message, signature)).toBe(true)
  expect(verifyEd25519(publicKey, new TextEncoder().encode('other'), signature)).toBe(false)
})

test('behavior: signTransaction signs without sending; signAndSendTransaction executes', async () => {
  await ok('connect')
  const { address: to } = await solanaTestAccount(20)
  const transaction = b64(
    buildTransfer({
      from: wallet.address,
      to,
      lamports: 7_000_000n,
      blockhash: chain.svm.latestBlockhash(),
    }),
  )
  const { signedTransaction } = await ok<{ signedTransaction: string }>('signTransaction', {
    address: wallet.address,
    transaction,
  })
  expect(signedTransaction).not.toBe(transaction)
  expect(chain.balance(to)).toBe(0n)
  const { signature } = await ok<{ signature: string }>('signAndSendTransaction', {
    address: wallet.address,
    transaction,
    chain: 'solana:localnet',
  })
  expect(bytes(signature)).toHaveLength(64)
  expect(chain.balance(to)).toBe(7_000_000n)
  expect(chain.executed).toHaveLength(1)
})

test('behavior: a silent connect answers only once the site is authorised', async () => {
  expect(await ok('connect', { silent: true })).toEqual({ accounts: [] })
  expect(wallet.connected).toBe(false)
  wallet.authorize()
  expect(await ok<{ accounts: unknown[] }>('connect', { silent: true })).toMatchObject({
    accounts: [{ address: wallet.address }],
  })
})

test('behavior: switching account and disconnecting in the wallet emit change', async () => {
  await ok('connect')
  await wallet.setAccount(1)
  const second = await solanaTestAccount(1)
  await wallet.disconnectFromWallet()
  expect(events).toEqual([
    {
      event: 'change',
      payload: { accounts: [{ address: second.address, publicKey: expect.any(String) }] },
    },
    { event: 'change', payload: { accounts: [] } },
  ])
  expect(wallet.connected).toBe(false)
})

test('error: rejectNext answers 4001 once, then the call works', async () => {
  wallet.rejectNext('connect')
  expect(await wallet.handle('connect', {})).toEqual({
    error: { code: 4001, message: 'User rejected the request.' },
  })
  expect(wallet.connected).toBe(false)
  await ok('connect')
  wallet.rejectNext('signMessage', 4100, 'Locked')
  expect(await wallet.handle('signMessage', { address: wallet.address, message: 'aGk=' })).toEqual({
    error: { code: 4100, message: 'Locked' },
  })
  expect(wallet.calls.map((c) => [c.method, c.error?.code])).toEqual([
    ['connect', 4001],
    ['connect', undefined],
    ['signMessage', 4100],
  ])
})

test('error: requests for an account the site may not use, or that the wallet cannot sign', async () => {
  expect(
    await wallet.handle('signMessage', { address: wallet.address, message: 'aGk=' }),
  ).toMatchObject({
    error: { code: 4100 },
  })
  await ok('connect')
  const other = await solanaTestAccount(1)
  expect(
    await wallet.handle('signMessage', { address: other.address, message: 'aGk=' }),
  ).toMatchObject({
    error: { code: 4100 },
  })
  // A transfer whose payer is another account: the wallet's key is not a signer of it.
  const foreign = b64(
    buildTransfer({
      from: other.address,
      to: wallet.address,
      lamports: 1n,
      blockhash: chain.svm.latestBlockhash(),
    }),
  )
  expect(
    await wallet.handle('signTransaction', { address: wallet.address, transaction: foreign }),
  ).toMatchObject({
    error: { code: -32603, message: expect.stringMatching(/^The wallet cannot sign/) },
  })
  expect(
    await wallet.handle('signTransaction', { address: wallet.address, transaction: 'AAAA' }),
  ).toMatchObject({
    error: { code: -32602 },
  })
  expect(await wallet.handle('nope', {})).toMatchObject({ error: { code: 4200 } })
})

test('error: signAndSendTransaction refuses an unknown chain and a failing transfer', async () => {
  await ok('connect')
  const { address: to } = await solanaTestAccount(21)
  const tooMuch = b64(
    buildTransfer({
      from: wallet.address,
      to,
      lamports: 10n ** 12n,
      blockhash: chain.svm.latestBlockhash(),
    }),
  )
  expect(
    await wallet.handle('signAndSendTransaction', {
      address: wallet.address,
      transaction: tooMuch,
      chain: 'solana:mainnet',
    }),
  ).toMatchObject({ error: { code: 4100 } })
  expect(
    await wallet.handle('signAndSendTransaction', {
      address: wallet.address,
      transaction: tooMuch,
    }),
  ).toMatchObject({
    error: { code: -32603, message: expect.stringMatching(/^Transaction simulation failed/) },
  })
  expect(chain.balance(to)).toBe(0n)
})
