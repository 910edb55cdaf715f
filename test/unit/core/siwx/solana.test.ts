import { signal } from '@preact/signals-core'
import { getBase58Decoder } from '@solana/web3.js'
import { afterEach, expect, test, vi } from 'vitest'
import { createSolanaAdapter } from '../../../../src/chains/solana/adapter.js'
import { UserRejectedRequestError, WalletRequestError } from '../../../../src/core/errors/rpc.js'
import { createKit } from '../../../../src/core/kit.js'
import { resolveOptions } from '../../../../src/core/options.js'
import { SignatureDeclinedError } from '../../../../src/core/siwx/errors.js'
import { solanaSigner } from '../../../../src/core/siwx/solana.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import { rpcRequest } from '../../../../src/services/rpc.js'
import { memoryStorage, PAGE_HREF, projectId, settle, stored } from './support.js'

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const MESSAGE = 'shop.example wants you to sign in with your Solana account:\n…'

/** An Ed25519 key pair and a `kit.getProvider('solana')`-like signer over it. */
async function keyPair() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  const address = getBase58Decoder().decode(raw)
  const provider = {
    signMessage: vi.fn(async (message: Uint8Array) => ({
      signature: new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, message as BufferSource),
      ),
      signedMessage: message,
    })),
  }
  return { address, provider }
}

const kits: ReturnType<typeof createKit>[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** A kit on Solana mainnet with SIWX, the given connector and storage. */
function solanaKit(connector: Connector, storage: ReturnType<typeof memoryStorage>) {
  const kit = createKit({
    options: resolveOptions({
      projectId,
      networks: [MAINNET],
      features: { analytics: false },
      siwx: { statement: 'Sign in to Example Shop.' },
    }),
    version: '0.0.0-test',
    services: {
      catalog: {
        getWallets: async () => ({ count: 0, data: [] }),
        getWalletImage: () => Promise.reject(new Error('no image')),
        getAnalyticsConfig: async () => ({ isAnalyticsEnabled: false }),
      },
      analytics: { send: async () => {}, beacon: () => true },
    },
    adapters: {
      solana: createSolanaAdapter({
        blockchain: {
          getBalances: () => new Promise(() => {}),
          getIdentity: async () => ({ name: null, avatar: null }),
          getSupportedChains: async () => ({ http: [], ws: [] }),
          lookupName: async () => undefined,
          getHistory: async () => ({ items: [], next: null }),
          getSessions: async () => [],
          revokeSession: async () => undefined,
        },
        rpc: rpcRequest,
      }),
    },
    connectors: signal<readonly Connector[]>([connector]),
    env: { storage, location: () => ({ href: PAGE_HREF, hostname: 'shop.example' }) },
  })
  kits.push(kit)
  return kit
}

test('default', async () => {
  const { address, provider } = await keyPair()
  const signature = await solanaSigner.sign({ wallet: provider, message: MESSAGE, address })
  expect(provider.signMessage).toHaveBeenCalledWith(new TextEncoder().encode(MESSAGE))
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  expect(await solanaSigner.verify({ message: MESSAGE, signature, address, call: undefined })).toBe(
    true,
  )
})

test('behavior: another key, another message, or no signature at all is refused', async () => {
  const alice = await keyPair()
  const bob = await keyPair()
  const signature = await solanaSigner.sign({ ...alice, wallet: alice.provider, message: MESSAGE })
  const check = (p: { message?: string; signature?: string; address?: string }) =>
    solanaSigner.verify({
      message: p.message ?? MESSAGE,
      signature: p.signature ?? signature,
      address: p.address ?? alice.address,
      call: undefined,
    })
  expect(await check({ address: bob.address })).toBe(false)
  expect(await check({ message: `${MESSAGE}!` })).toBe(false)
  expect(
    await check({
      signature: await solanaSigner.sign({ ...bob, wallet: bob.provider, message: MESSAGE }),
    }),
  ).toBe(false)
  expect(await check({ signature: 'not-base58!' })).toBe(false)
  expect(await check({ signature: '1111' })).toBe(false)
  expect(await check({ address: '0x70997970c51812dc3a010C7d01b50E79D17dC79C' })).toBe(false)
})

test('error: a declined signature, or a wallet that signs other bytes', async () => {
  const { address, provider } = await keyPair()
  provider.signMessage.mockRejectedValueOnce(new UserRejectedRequestError())
  const declined = await solanaSigner
    .sign({ wallet: provider, message: MESSAGE, address })
    .catch((e) => e)
  expect(declined).toBeInstanceOf(SignatureDeclinedError)
  expect((declined as SignatureDeclinedError).shortMessage).toBe('Signature declined')
  provider.signMessage.mockResolvedValueOnce({
    signature: new Uint8Array(64),
    signedMessage: new TextEncoder().encode(`prefix ${MESSAGE}`),
  })
  await expect(
    solanaSigner.sign({ wallet: provider, message: MESSAGE, address }),
  ).rejects.toBeInstanceOf(WalletRequestError)
})

test('behavior: a Solana account signs in through the controller', async () => {
  const { address, provider } = await keyPair()
  const connector: Connector = {
    id: 'wallet-standard:Test',
    name: 'Test',
    type: 'ANNOUNCED',
    namespace: 'solana',
    connect: async () => ({ accounts: [address], caipNetworkId: MAINNET }),
    disconnect: async () => {},
    getAccounts: async () => [address],
    getNetworkId: async () => MAINNET,
    isAuthorized: async () => true,
    switchNetwork: async () => {},
    getProvider: () => provider,
    on: () => () => {},
  }
  const storage = memoryStorage()
  const kit = solanaKit(connector, storage)
  await kit.open()
  await kit.connection.connect(connector)
  await settle()
  expect(kit.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  const summary = await kit.siwx?.().signIn()
  expect(summary).toEqual({
    caipAddress: `${MAINNET}:${address}`,
    caipNetworkId: MAINNET,
    expiresAt: expect.any(String),
  })
  const message = kit.siwx?.().session.value?.message ?? ''
  expect(message.split('\n')).toEqual([
    'shop.example:8443 wants you to sign in with your Solana account:',
    address,
    '',
    'Sign in to Example Shop.',
    '',
    'URI: https://shop.example:8443',
    'Version: 1',
    'Chain ID: mainnet',
    expect.stringMatching(/^Nonce: [A-Za-z0-9]{16}$/),
    expect.stringMatching(/^Issued At: /),
    expect.stringMatching(/^Expiration Time: /),
  ])
  expect(stored(storage)).toHaveLength(1)
  // A reload finds the session and checks its Ed25519 signature again.
  kit.destroy()
  const again = solanaKit(connector, storage)
  await again.connection.connect(connector)
  await settle()
  expect(again.getState().session).toEqual(summary)
  expect(provider.signMessage).toHaveBeenCalledTimes(1)
})
