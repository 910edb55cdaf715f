import { expect } from 'vitest'
import type { BlockchainApi } from '../../../stack/blockchain-api/index'
import type { Stack } from '../../../stack/index'
import { methods } from '../../evm/support/fixture'
import type { SwapSession } from './fixture'

/** The stack's blockchain API, whose convert stand-in the swap specs fault and tamper with. */
export function blockchainApi(stack: Stack): BlockchainApi {
  if (!stack.blockchainApi) throw new Error('the stack has no blockchain API')
  return stack.blockchainApi
}

/** Picks the tokens and types the amount (the quote may or may not come). */
export async function fill(s: SwapSession, pay: string, receive: string, amount: string) {
  await s.swap.pay(pay)
  await s.swap.receive(receive)
  await s.swap.type(amount)
}

/** The form is as the visitor left it. */
export async function formKept(s: SwapSession, pay: string, receive: string, amount: string) {
  await s.swap.form.waitFor()
  expect(await s.swap.tokenText('pay')).toBe(pay)
  expect(await s.swap.tokenText('receive')).toBe(receive)
  expect(await s.swap.payAmount.inputValue()).toBe(amount)
}

/** How many eth_sendTransaction calls reached the wallet. */
export const transactions = (s: SwapSession) =>
  methods(s.wallet).filter((m) => m === 'eth_sendTransaction').length
