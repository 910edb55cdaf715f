import { stringToHex } from 'viem'
import { expect, test, vi } from 'vitest'
import { ProviderRpcError, UserRejectedRequestError } from '../../../../src/core/errors/rpc.js'
import { personalSign } from '../../../../src/core/sessions/sign.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test('default', async () => {
  const request = vi.fn(async () => '0xabcdef')
  expect(await personalSign({ request }, 'hello', ADDRESS)).toBe('0xabcdef')
  expect(request).toHaveBeenCalledWith({
    method: 'personal_sign',
    params: [stringToHex('hello'), ADDRESS],
  })
})

test('error: no provider, a decline, a non-signature', async () => {
  await expect(personalSign(undefined, 'm', ADDRESS)).rejects.toBeInstanceOf(ProviderRpcError)
  const declined = { request: async () => Promise.reject({ code: 4001, message: 'User rejected' }) }
  await expect(personalSign(declined, 'm', ADDRESS)).rejects.toBeInstanceOf(
    UserRejectedRequestError,
  )
  await expect(personalSign({ request: async () => 'sure' }, 'm', ADDRESS)).rejects.toBeInstanceOf(
    ProviderRpcError,
  )
})
