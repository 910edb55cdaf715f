import { expect, test, vi } from 'vitest'
import { eip155Signer } from '../../../../src/core/siwx/eip155.js'
import { SiwxVerificationError } from '../../../../src/core/siwx/errors.js'
import { type SignatureCheck, verifySiwxSession } from '../../../../src/core/siwx/verify.js'
import { LATER, NEGATIVE_VECTORS, PAGE, signed, target } from './vectors.js'

const local: SignatureCheck = (s) =>
  eip155Signer.verify({
    message: s.message,
    signature: s.signature,
    address: s.data.accountAddress,
    call: undefined,
  })

const expected = (patch: Partial<Parameters<typeof verifySiwxSession>[1]> = {}) => ({
  page: PAGE,
  target: target(),
  now: LATER,
  ...patch,
})

/** The reason a session is refused with, or 'accepted'. */
async function verdict(session: unknown, patch = {}, check = local): Promise<string> {
  try {
    await verifySiwxSession(session, expected(patch), check)
    return 'accepted'
  } catch (error) {
    if (error instanceof SiwxVerificationError) return error.reason
    throw error
  }
}

test('default', async () => {
  const session = await signed()
  await expect(verifySiwxSession(session, expected(), local)).resolves.toBe(session)
})

test('error: SECURITY.md row 16, each with its own reason', async () => {
  const results: Record<string, string> = {}
  for (const vector of NEGATIVE_VECTORS) results[vector.name] = await verdict(await vector.make())
  expect(results).toMatchInlineSnapshot(`
    {
      "a 7-character nonce": "nonce-too-short",
      "a line feed in the statement": "statement-line-feed",
      "a nonce with a dash": "nonce-invalid",
      "another URI": "uri-mismatch",
      "another account (its own valid signature)": "address-mismatch",
      "another chain": "chain-mismatch",
      "another domain": "domain-mismatch",
      "expired": "expired",
      "issued in the future": "not-yet-valid",
      "not before a later time": "not-yet-valid",
      "signed by another account": "signature-mismatch",
      "the URI over http": "uri-mismatch",
      "the domain without its port": "domain-mismatch",
    }
  `)
  for (const vector of NEGATIVE_VECTORS) expect(results[vector.name]).toBe(vector.reason)
})

test('error: a reused nonce', async () => {
  const session = await signed()
  expect(await verdict(session, { usedNonces: new Set(['other123', session.data.nonce]) })).toBe(
    'nonce-reused',
  )
  expect(await verdict(session, { usedNonces: new Set(['other123']) })).toBe('accepted')
})

test('error: the message is not the text of its fields', async () => {
  const session = await signed()
  const edited = session.message.replace('Sign in to Example Shop.', 'Sign in to Other Shop.')
  expect(await verdict({ ...session, message: edited })).toBe('message-mismatch')
  const later = new Date(Date.parse(session.data.expirationTime ?? '') + 1000).toISOString()
  expect(await verdict({ ...session, data: { ...session.data, expirationTime: later } })).toBe(
    'message-mismatch',
  )
})

test('error: malformed sessions', async () => {
  const session = await signed()
  const cases: unknown[] = [
    null,
    'session',
    [],
    { ...session, signature: 42 },
    { ...session, data: { ...session.data, version: '2' } },
    { ...session, data: { ...session.data, nonce: undefined } },
    { ...session, data: { ...session.data, issuedAt: 'yesterday' } },
    {
      ...session,
      data: { ...session.data, expirationTime: '2030-01-02T03:04:05Z\nNot Before: x' },
    },
    { ...session, data: { ...session.data, chainId: 'bip122:000000000019d6689c085ae165831e93' } },
  ]
  for (const value of cases) expect(await verdict(value)).toBe('malformed')
})

test('error: the message as the error shows it', async () => {
  const session = await signed({ domain: 'evil.test' })
  await expect(
    verifySiwxSession(session, expected(), local),
  ).rejects.toThrowErrorMatchingInlineSnapshot(`
    [SiwxVerificationError: The sign-in could not be verified.

    Reason: domain-mismatch

    Details: The message is for another domain than this page.]
  `)
})

test('behavior: the signature is checked only after every field passed', async () => {
  const check = vi.fn<SignatureCheck>(async () => true)
  expect(await verdict(await signed({ chainId: 'eip155:31338' }), {}, check)).toBe('chain-mismatch')
  expect(check).not.toHaveBeenCalled()
  expect(await verdict(await signed(), {}, check)).toBe('accepted')
  expect(check).toHaveBeenCalledTimes(1)
})

test('behavior: a failing signature check refuses the session, keeping the cause', async () => {
  const failure = new Error('RPC down')
  const error = await verifySiwxSession(await signed(), expected(), () => Promise.reject(failure))
    .then(() => undefined)
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiwxVerificationError)
  expect((error as SiwxVerificationError).reason).toBe('signature-mismatch')
  expect((error as SiwxVerificationError).cause).toBe(failure)
  // A verifier's own refusal keeps its reason.
  const refusal = new SiwxVerificationError('rejected-by-verifier')
  expect(await verdict(await signed(), {}, () => Promise.reject(refusal))).toBe(
    'rejected-by-verifier',
  )
})

test('behavior: the URI may be any address of the page origin; times take an offset', async () => {
  expect(await verdict(await signed({ uri: `${PAGE.origin}/login?next=1` }))).toBe('accepted')
  expect(await verdict(await signed({ uri: 'not a uri' }))).toBe('uri-mismatch')
  expect(
    await verdict(
      await signed({ expirationTime: '2030-01-02T05:04:05+02:00', notBefore: undefined }),
    ),
  ).toBe('expired')
})
