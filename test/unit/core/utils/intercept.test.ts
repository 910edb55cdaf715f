import { expect, test, vi } from 'vitest'
import { interceptMethod } from '../../../../src/core/utils/intercept.js'

class Provider {
  isWallet = true
  private listeners: string[] = []
  request(args: { method: string }) {
    return Promise.resolve(`${args.method}:${this.listeners.length}`)
  }
  on(event: string) {
    this.listeners.push(event)
  }
}

test('default', async () => {
  const target = new Provider()
  const replacement = vi.fn(
    async (args: { method: string }) => `watched ${await target.request(args)}`,
  )
  const proxy = interceptMethod(target, 'request', replacement)
  expect(await proxy.request({ method: 'eth_chainId' })).toBe('watched eth_chainId:0')
  proxy.on('accountsChanged')
  expect(await target.request({ method: 'x' })).toBe('x:1')
  expect(proxy.isWallet).toBe(true)
  expect(proxy.on).toBe(proxy.on)
  expect(proxy).toBeInstanceOf(Provider)
})

test('behavior: a frozen target works; keys, `in`, spreads and writes reach the target', () => {
  const frozen = Object.freeze({ name: 'wallet', send: () => 'sent', other: () => 'other' })
  const proxy = interceptMethod(frozen, 'send', () => 'watched')
  expect(proxy.send()).toBe('watched')
  expect(proxy.other()).toBe('other')
  expect('send' in proxy && 'name' in proxy).toBe(true)
  expect(Object.keys(proxy)).toEqual(['name', 'send', 'other'])
  expect({ ...proxy }.send()).toBe('watched')
  const open: { value?: number; request: () => void } = { request: () => undefined }
  const writable = interceptMethod(open, 'request', () => undefined)
  writable.value = 3
  expect(open.value).toBe(3)
})
