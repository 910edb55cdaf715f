import { afterEach, expect, test } from 'vitest'
import { SmartAccountSignInError } from '../../../../src/core/errors/auth.js'
import { SignatureDeclinedError, SiwxVerificationError } from '../../../../src/core/siwx/errors.js'
import type { Connector } from '../../../../src/core/types/connector.js'
import { settle, setup } from './support.js'

// SPEC §8: a sign-in that fails while the account is a smart account tells the visitor that the
// site may not support smart accounts; a declined signature stays 'Signature declined'.

const kits: ReturnType<typeof setup>['kit'][] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** The wallet's connector describing its account as a smart account (as the Auth connector does). */
const asSmartAccount =
  (type: 'smartAccount' | 'eoa') =>
  (connector: Connector): Connector => {
    let accounts: string[] = []
    return {
      ...connector,
      async connect(p) {
        const result = await connector.connect(p)
        accounts = result.accounts
        return result
      },
      accountInfo: () => ({
        accounts: accounts.map((address) => ({ address, type })),
        preferredAccountType: type,
      }),
    }
  }

async function signInWith(type: 'smartAccount' | 'eoa', verify: () => Promise<boolean>) {
  const s = setup({ siwx: { verify }, wrap: asSmartAccount(type) })
  kits.push(s.kit)
  await s.connect()
  await settle()
  return { s, error: await s.siwx.signIn().catch((e: unknown) => e) }
}

test('default', async () => {
  const { s, error } = await signInWith('smartAccount', async () => false)
  expect(error).toBeInstanceOf(SmartAccountSignInError)
  expect((error as SmartAccountSignInError).shortMessage).toBe(
    'This application might not support Smart Accounts',
  )
  // The site's refusal is kept as the cause, for developers.
  expect((error as SmartAccountSignInError).cause).toBeInstanceOf(SiwxVerificationError)
  expect(s.kit.chain.account.value?.allAccounts).toEqual([
    { address: s.wallet.address, type: 'smartAccount' },
  ])
})

test('behavior: an EOA whose sign-in fails gets the failure itself', async () => {
  const { error } = await signInWith('eoa', async () => false)
  expect(error).toBeInstanceOf(SiwxVerificationError)
})

test('behavior: a smart account whose visitor declines gets "Signature declined"', async () => {
  const s = setup({ siwx: {}, wrap: asSmartAccount('smartAccount') })
  kits.push(s.kit)
  await s.connect()
  await settle()
  s.wallet.rejectNext('personal_sign')
  const error = await s.siwx.signIn().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SignatureDeclinedError)
  expect((error as SignatureDeclinedError).shortMessage).toBe('Signature declined')
})
