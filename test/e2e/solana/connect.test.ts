import { verify } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import { expect, test } from 'vitest'
import {
  buildTransfer,
  lamportsToSol,
  SOLANA_LOCALNET,
  SOLANA_WALLET,
  solanaTestAccount,
} from '../../stack/solana/index'
import { poll } from '../support/poll'
import { type SolanaSession, setupSolanaE2E } from './support/fixture'
import { walletStandardId } from './support/solana-page'

const e2e = setupSolanaE2E()
const NAME = SOLANA_WALLET.name
const CONNECTOR = { id: walletStandardId(NAME), name: NAME, type: 'ANNOUNCED' }

/** Opens Connect, picks the Solana test wallet and waits until the modal closed on success. */
async function connect(s: SolanaSession) {
  await s.modal.openViaApi()
  await s.solana.wallet(NAME).click()
  await s.modal.waitForClosed()
}

/** The balance amount of `kit.getState()`. */
const shownBalance = (s: SolanaSession) =>
  s.host.state().then((state) => (state.balance as { amount?: string } | null)?.amount)

const svmBalance = (address: string) =>
  lamportsToSol(e2e.stack.solana?.chain.balance(address) ?? 0n)

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  await s.modal.openViaApi()
  await expect(s.solana.wallet(NAME).textContent()).resolves.toContain('Installed')
  await s.solana.wallet(NAME).click()
  await s.modal.waitForClosed()

  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    address: s.wallet.address,
    caipAddress: `${SOLANA_LOCALNET}:${s.wallet.address}`,
    caipNetworkId: SOLANA_LOCALNET,
    connector: { id: CONNECTOR.id, name: NAME },
  })
  const connected = (await s.host.events()).filter((e) => e.type === 'connected')
  expect(connected.map((e) => e.detail)).toEqual([
    {
      address: s.wallet.address,
      caipAddress: `${SOLANA_LOCALNET}:${s.wallet.address}`,
      namespace: 'solana',
      caipNetworkId: SOLANA_LOCALNET,
      connector: CONNECTOR,
    },
  ])
  expect(await s.solana.providerInfo()).toEqual({
    wallet: NAME,
    address: s.wallet.address,
    chain: 'solana:localnet',
    caipNetworkId: SOLANA_LOCALNET,
  })
})

test('behavior: the Account view shows the balance the SVM holds', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  await s.solana.account.waitFor()
  const expected = svmBalance(s.wallet.address)
  await poll(() => s.host.state().then((state) => state.balance)).toEqual({
    amount: expected,
    symbol: 'SOL',
  })
  await poll(() => s.solana.balance.textContent()).toBe(`${expected} SOL`)
  expect(await s.solana.shownAddress()).toBe(s.wallet.address)
  // The balance came from the blockchain API, asked with the Solana network.
  const asked = e2e.stack.blockchainApi?.requests.filter((r) => r.path.endsWith('/balance')) ?? []
  expect(
    asked.some((r) => r.query.chainId === SOLANA_LOCALNET && r.path.includes(s.wallet.address)),
  ).toBe(true)
})

test('behavior: signMessage through getProvider("solana") verifies with Ed25519', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  const message = [...Buffer.from('Sign in to the Example Shop')]
  const { result } = await s.solana.provider<{ signature: number[]; signedMessage: number[] }>(
    'signMessage',
    message,
  )
  expect(result?.signedMessage).toEqual(message)
  const publicKey = Buffer.from(getBase58Encoder().encode(s.wallet.address))
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
  const key = { key: der, format: 'der' as const, type: 'spki' as const }
  const signature = Buffer.from(result?.signature ?? [])
  expect(signature).toHaveLength(64)
  expect(verify(null, Buffer.from(message), key, signature)).toBe(true)
  expect(verify(null, Buffer.from('something else'), key, signature)).toBe(false)
})

test('behavior: a transfer through getProvider("solana") executes in the SVM and the balance updates', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  const chain = e2e.stack.solana?.chain
  if (!chain) throw new Error('no SVM')
  await poll(() => shownBalance(s)).toBe(svmBalance(s.wallet.address))
  const { address: to } = await solanaTestAccount(
    100 + (await s.page.evaluate(() => Date.now() % 1000)),
  )
  const before = chain.balance(to)
  const wire = buildTransfer({
    from: s.wallet.address,
    to,
    lamports: 1_250_000_000n,
    blockhash: chain.svm.latestBlockhash(),
  })
  const { result: signature, error } = await s.solana.provider<string>('signAndSendTransaction', [
    ...wire,
  ])
  expect(error).toBeUndefined()
  expect(chain.status(signature ?? '')).toEqual({ slot: expect.any(Number), err: null })
  expect(chain.balance(to) - before).toBe(1_250_000_000n)

  // The Account view shows the new balance, and the page heard of the transaction.
  const after = svmBalance(s.wallet.address)
  await poll(() => shownBalance(s)).toBe(after)
  await poll(() => s.solana.balance.textContent()).toContain(after.slice(0, 5))
  const transactions = (await s.host.events()).filter((e) => e.type === 'transaction')
  expect(transactions.map((e) => e.detail)).toEqual([
    { hash: signature, kind: 'send', caipNetworkId: SOLANA_LOCALNET, hashType: 'chain' },
  ])
})

test('behavior: without signAndSendTransaction in the wallet, the kit sends through the network RPC', async () => {
  const s = await e2e.newSession({ install: { omitFeatures: ['solana:signAndSendTransaction'] } })
  await s.open()
  await connect(s)
  const chain = e2e.stack.solana?.chain
  if (!chain) throw new Error('no SVM')
  const { address: to } = await solanaTestAccount(2000)
  const wire = buildTransfer({
    from: s.wallet.address,
    to,
    lamports: 2_000_000n,
    blockhash: chain.svm.latestBlockhash(),
  })
  const { result: signature } = await s.solana.provider<string>('signAndSendTransaction', [...wire])
  expect(chain.status(signature ?? '')?.err).toBeNull()
  expect(s.wallet.calls.map((c) => c.method)).toEqual(['connect', 'signTransaction'])
  expect(e2e.stack.solana?.rpc.calls.some((c) => c.method === 'sendTransaction')).toBe(true)
})

test('behavior: the account switched in the wallet becomes the kit account', async () => {
  const s = await e2e.newSession({ accountIndex: 0 })
  await s.open()
  await connect(s)
  const other = await solanaTestAccount(3)
  await s.wallet.setAccount(3)
  await poll(() => s.host.state().then((state) => state.address)).toBe(other.address)
  const changed = (await s.host.events()).filter((e) => e.type === 'accountChanged')
  expect(changed.map((e) => e.detail)).toEqual([
    {
      address: other.address,
      caipAddress: `${SOLANA_LOCALNET}:${other.address}`,
      namespace: 'solana',
    },
  ])
  await s.wallet.disconnectFromWallet()
  await poll(() => s.host.state().then((state) => state.status)).toBe('disconnected')
})

test('behavior: a reload reconnects the Solana wallet silently', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  await s.page.reload()
  await s.page.waitForFunction(() => window.WalletKit !== undefined)
  await s.host.init(s.host.options({ networks: [e2e.stack.solana?.network] }))
  await poll(() => s.host.state().then((state) => state.status)).toBe('connected')
  expect(await s.host.state()).toMatchObject({ namespace: 'solana', address: s.wallet.address })
  // The wallet was asked without a prompt: a silent standard:connect.
  expect(s.wallet.calls.map((c) => [c.method, (c.params as { silent?: boolean }).silent])).toEqual([
    ['connect', false],
    ['connect', true],
  ])
})

test('error: a rejected connect shows its state; the retry connects', async () => {
  const s = await e2e.newSession()
  await s.open()
  s.wallet.rejectNext('connect')
  await s.modal.openViaApi()
  await s.solana.wallet(NAME).click()
  await poll(() => s.solana.connectingStatus.getAttribute('data-status')).toBe('declined')
  await expect(s.solana.connectingStatus.textContent()).resolves.toBe('Connection declined')
  expect((await s.host.state()).status).toBe('disconnected')
  const errors = (await s.host.events()).filter((e) => e.type === 'error').map((e) => e.detail)
  expect(errors).toEqual([{ code: '4001', message: 'The request was declined in the wallet.' }])

  await s.solana.retry.click()
  await s.modal.waitForClosed()
  expect(await s.host.state()).toMatchObject({
    status: 'connected',
    namespace: 'solana',
    address: s.wallet.address,
  })
  expect(s.wallet.calls.map((c) => [c.method, c.error?.code])).toEqual([
    ['connect', 4001],
    ['connect', undefined],
  ])
})

test('error: a declined signature reaches the host as SignatureDeclinedError (4001), as on EVM', async () => {
  const s = await e2e.newSession()
  await s.open()
  await connect(s)
  s.wallet.rejectNext('signMessage')
  expect(await s.solana.provider('signMessage', [1, 2, 3])).toEqual({
    error: {
      name: 'SignatureDeclinedError',
      shortMessage: 'Signature declined',
      code: 4001,
    },
  })
})
