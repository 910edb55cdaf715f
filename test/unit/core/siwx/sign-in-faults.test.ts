import { afterEach, expect, test, vi } from 'vitest'
import { SiwxVerificationError } from '../../../../src/core/siwx/errors.js'
import type { SiwxOptions } from '../../../../src/core/types/options.js'
import { settle, setup, stored } from './support.js'
import { BOB } from './vectors.js'

/**
 * SECURITY.md row 16 through the controller: each fault is injected while the wallet signs (the
 * page moves, the clock jumps, the wallet switches, answers for another key…) or by the site's
 * hooks. Each is refused with its own reason, and nothing is stored or reported.
 */

const kits: ReturnType<typeof setup>['kit'][] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  vi.useRealTimers()
})

/** Connects with `siwx`, arms `fault` for the signing request, signs in; returns the reason. */
async function attempt(
  fault: (s: ReturnType<typeof setup>) => void,
  siwx: SiwxOptions = {},
): Promise<{ reason: string; s: ReturnType<typeof setup> }> {
  const s = setup({ siwx })
  kits.push(s.kit)
  await s.connect()
  await settle()
  fault(s)
  const error = await s.siwx.signIn().catch((e: unknown) => e)
  await settle()
  expect(s.kit.getState().session, 'no session').toBeNull()
  expect(s.siwx.session.value).toBeNull()
  expect(stored(s.storage), 'nothing stored').toBeUndefined()
  expect(s.named('signedIn')).toEqual([])
  if (!(error instanceof SiwxVerificationError)) throw error
  return { reason: error.reason, s }
}

test('default', async () => {
  const { reason, s } = await attempt((x) =>
    x.wallet.beforeNext('personal_sign', () => {
      x.page.href = 'https://shop.example.evil.test:8443/account'
    }),
  )
  expect(reason).toBe('domain-mismatch')
  // The visitor may try again (here on the original page).
  s.page.href = 'https://shop.example:8443/'
  await s.siwx.signIn()
  expect(s.kit.getState().session).not.toBeNull()
})

test('error: the URI is not this page', async () => {
  // Same host and port, another scheme: another origin.
  const { reason } = await attempt((s) =>
    s.wallet.beforeNext('personal_sign', () => {
      s.page.href = 'http://shop.example:8443/account'
    }),
  )
  expect(reason).toBe('uri-mismatch')
})

test('error: a line feed in the statement', async () => {
  const options: SiwxOptions = {}
  const { reason } = await attempt(() => {
    // init() refuses such a statement; a site that edits its options object later is caught here.
    options.statement = 'Welcome.\nURI: https://evil.test'
  }, options)
  expect(reason).toBe('statement-line-feed')
})

test('error: a nonce under 8 characters, or not alphanumeric', async () => {
  expect((await attempt(() => {}, { getNonce: async () => 'abc1234' })).reason).toBe(
    'nonce-too-short',
  )
  expect((await attempt(() => {}, { getNonce: async () => 'abc-12345' })).reason).toBe(
    'nonce-invalid',
  )
})

test('error: a reused nonce', async () => {
  const s = setup({ siwx: { getNonce: async () => 'sameNonce1234567' } })
  kits.push(s.kit)
  await s.connect()
  await settle()
  await s.siwx.signIn()
  await s.siwx.signOut()
  const error = await s.siwx.signIn().catch((e: unknown) => e)
  expect(error).toMatchObject({ reason: 'nonce-reused' })
  expect(s.kit.getState().session).toBeNull()
  expect(stored(s.storage)).toEqual([])
  // Also across a reload: the nonces of stored sessions are known.
  const again = setup({ siwx: { getNonce: async () => 'storedNonce12345' } })
  kits.push(again.kit)
  await again.connect()
  await settle()
  await again.siwx.signIn()
  await again.wallet.switchChainFromWallet(31338)
  await settle()
  await expect(again.siwx.signIn()).rejects.toMatchObject({ reason: 'nonce-reused' })
})

test('error: expired before it was verified', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2030, 0, 1) })
  const { reason } = await attempt(
    (s) =>
      s.wallet.beforeNext('personal_sign', () => {
        vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 1, 1))
      }),
    { expirationSeconds: 60 },
  )
  expect(reason).toBe('expired')
})

test('error: not valid yet (the clock went back while signing)', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2030, 0, 1) })
  const { reason } = await attempt((s) =>
    s.wallet.beforeNext('personal_sign', () => {
      vi.setSystemTime(Date.UTC(2029, 11, 31, 23, 59, 50))
    }),
  )
  expect(reason).toBe('not-yet-valid')
})

test('error: the wallet switched to another chain while signing', async () => {
  const { reason, s } = await attempt((x) =>
    x.wallet.beforeNext('personal_sign', () => x.wallet.switchChainFromWallet(31338)),
  )
  expect(reason).toBe('chain-mismatch')
  // The new chain is asked for its own sign-in.
  expect(s.kit.getState()).toMatchObject({ caipNetworkId: 'eip155:31338', view: 'SIWXSignMessage' })
})

test('error: the wallet switched to another account while signing', async () => {
  const { reason } = await attempt((s) => {
    // Alice's signature arrives after the wallet has moved on to Bob.
    const request = s.wallet.provider.request.bind(s.wallet.provider)
    vi.spyOn(s.wallet.provider, 'request').mockImplementation(async (args) => {
      if (args.method !== 'personal_sign') return request(args)
      const signature = await request(args)
      await s.wallet.setAccount(2)
      return signature
    })
  })
  expect(reason).toBe('address-mismatch')
})

test('error: the signature is another address’s', async () => {
  const { reason } = await attempt((s) => {
    const request = s.wallet.provider.request.bind(s.wallet.provider)
    vi.spyOn(s.wallet.provider, 'request').mockImplementation(async (args) => {
      if (args.method !== 'personal_sign') return request(args)
      const [hex] = args.params as [string]
      return BOB.signMessage({ message: { raw: hex as `0x${string}` } })
    })
  })
  expect(reason).toBe('signature-mismatch')
})

test('error: the site’s verifier refuses', async () => {
  const { reason } = await attempt(() => {}, { verify: async () => false })
  expect(reason).toBe('rejected-by-verifier')
})
