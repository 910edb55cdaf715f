import { expect, test, vi } from 'vitest'
import type { SafeChannel } from '../../../../src/connectors/safe/channel.js'
import { SafeRequestFailed } from '../../../../src/connectors/safe/channel.js'
import { createSafeConnector } from '../../../../src/connectors/safe/connector.js'
import { parseSafeInfo } from '../../../../src/connectors/safe/protocol.js'
import { SAFE_INFO } from './fake-frame.js'

const info = parseSafeInfo(SAFE_INFO) ?? (undefined as never)
const SAFE_TX = `0x${'5a'.repeat(32)}`
const CHAIN_TX = `0x${'c4'.repeat(32)}`

function channel(answers: Record<string, (params: never) => unknown>) {
  const calls: [string, unknown][] = []
  const c: SafeChannel = {
    origin: 'https://app.safe.global',
    async request(method, params) {
      calls.push([method, params])
      const answer = answers[method]
      if (!answer) throw new SafeRequestFailed(`no ${method}`)
      return answer(params as never)
    },
    close: () => undefined,
  }
  return { channel: c, calls }
}

test('default: the Safe connects without a prompt, on its own network', async () => {
  const { channel: c, calls } = channel({})
  const connector = createSafeConnector(c, info)
  expect(connector).toMatchObject({ id: 'safe', name: 'Safe', type: 'SAFE', sentHash: 'safe' })
  expect(await connector.isAuthorized()).toBe(true)
  expect(await connector.connect({})).toEqual({
    accounts: [SAFE_INFO.safeAddress],
    caipNetworkId: 'eip155:31337',
  })
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([SAFE_INFO.safeAddress])
  expect(calls).toEqual([])
})

test('default: a transaction is proposed to the Safe; its Safe transaction hash comes back', async () => {
  const { channel: c, calls } = channel({ sendTransactions: () => ({ safeTxHash: SAFE_TX }) })
  const provider = createSafeConnector(c, info).getProvider() as {
    request(a: unknown): Promise<unknown>
  }
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: SAFE_INFO.safeAddress.toLowerCase(),
        to: `0x${'11'.repeat(20)}`,
        value: '0xde0b6b3a7640000',
        gas: '0x5208',
      },
    ],
  })
  expect(hash).toBe(SAFE_TX)
  expect(calls).toEqual([
    [
      'sendTransactions',
      {
        txs: [{ to: `0x${'11'.repeat(20)}`, value: '1000000000000000000', data: '0x' }],
        params: { safeTxGas: 21000 },
      },
    ],
  ])
})

test('behavior: a receipt asked for a Safe transaction hash is the executing transaction’s', async () => {
  const { channel: c, calls } = channel({
    getTxBySafeTxHash: () => ({ txHash: CHAIN_TX, txStatus: 'SUCCESS' }),
    rpcCall: (p: { params: unknown[] }) => ({ transactionHash: p.params[0], status: '0x1' }),
  })
  const provider = createSafeConnector(c, info).getProvider() as {
    request(a: unknown): Promise<unknown>
  }
  expect(
    await provider.request({ method: 'eth_getTransactionReceipt', params: [SAFE_TX] }),
  ).toEqual({
    transactionHash: CHAIN_TX,
    status: '0x1',
  })
  expect(calls.map(([m]) => m)).toEqual(['getTxBySafeTxHash', 'rpcCall'])
  // Reads go through the parent's RPC as they are.
  await provider.request({ method: 'eth_getBalance', params: [SAFE_INFO.safeAddress, 'latest'] })
  expect(calls.at(-1)).toEqual([
    'rpcCall',
    { call: 'eth_getBalance', params: [SAFE_INFO.safeAddress, 'latest'] },
  ])
})

test('error: a rejection in the Safe is 4001; other failures keep the Safe’s words', async () => {
  const { channel: c } = channel({
    sendTransactions: () => {
      throw new SafeRequestFailed('Transaction was rejected')
    },
    signMessage: () => {
      throw new SafeRequestFailed('Safe is read-only')
    },
  })
  const provider = createSafeConnector(c, info).getProvider() as {
    request(a: unknown): Promise<unknown>
  }
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ to: `0x${'11'.repeat(20)}` }] }),
  ).rejects.toMatchObject({ code: 4001 })
  await expect(
    provider.request({ method: 'personal_sign', params: ['0x68', SAFE_INFO.safeAddress] }),
  ).rejects.toMatchObject({ code: -32603, details: 'Safe is read-only' })
})

test('error: signing for another address, an unknown method and another network are refused', async () => {
  const { channel: c, calls } = channel({})
  const connector = createSafeConnector(c, info)
  const provider = connector.getProvider() as { request(a: unknown): Promise<unknown> }
  await expect(
    provider.request({ method: 'personal_sign', params: ['0x68', `0x${'22'.repeat(20)}`] }),
  ).rejects.toMatchObject({ code: 4100 })
  await expect(
    provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: `0x${'22'.repeat(20)}`, to: `0x${'11'.repeat(20)}` }],
    }),
  ).rejects.toMatchObject({ code: 4100 })
  await expect(
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
  ).rejects.toMatchObject({ code: 4200 })
  await expect(
    connector.switchNetwork({ caipNetworkId: 'eip155:1' } as never),
  ).rejects.toMatchObject({ name: 'SwitchChainUnavailableError' })
  await connector.switchNetwork({ caipNetworkId: 'eip155:31337' } as never)
  expect(calls).toEqual([])
})

test('behavior: a signature the Safe returns is passed on; a pending one is 0x', async () => {
  const { channel: c } = channel({
    signMessage: () => ({ messageHash: SAFE_TX, signature: '0xabcd' }),
    signTypedMessage: () => ({ safeTxHash: SAFE_TX }),
  })
  const provider = createSafeConnector(c, info).getProvider() as {
    request(a: unknown): Promise<unknown>
  }
  expect(
    await provider.request({ method: 'personal_sign', params: ['0x68', SAFE_INFO.safeAddress] }),
  ).toBe('0xabcd')
  expect(
    await provider.request({
      method: 'eth_signTypedData_v4',
      params: [SAFE_INFO.safeAddress, '{"domain":{},"types":{},"message":{}}'],
    }),
  ).toBe('0x')
})

test('behavior: chainHashOf waits until the owners executed the Safe transaction', async () => {
  vi.useFakeTimers()
  try {
    let executed = false
    let asked = 0
    const { channel: c } = channel({
      getTxBySafeTxHash: () => {
        asked++
        if (asked === 2) throw new SafeRequestFailed('The Safe service is busy')
        return executed
          ? { txHash: CHAIN_TX, txStatus: 'SUCCESS' }
          : { txStatus: 'AWAITING_CONFIRMATIONS' }
      },
    })
    const connector = createSafeConnector(c, info)
    let result: string | undefined
    void connector.chainHashOf?.(SAFE_TX, { signal: new AbortController().signal }).then((h) => {
      result = h
    })
    await vi.advanceTimersByTimeAsync(2000)
    expect(result).toBeUndefined()
    executed = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(result).toBe(CHAIN_TX)
    expect(asked).toBe(4)
  } finally {
    vi.useRealTimers()
  }
})

test('error: chainHashOf stops when its signal aborts', async () => {
  vi.useFakeTimers()
  try {
    const { channel: c, calls } = channel({
      getTxBySafeTxHash: () => ({ txStatus: 'AWAITING_CONFIRMATIONS' }),
    })
    const stop = new AbortController()
    const waiting = createSafeConnector(c, info).chainHashOf?.(SAFE_TX, { signal: stop.signal })
    await vi.advanceTimersByTimeAsync(1500)
    stop.abort(new Error('destroyed'))
    await expect(waiting).rejects.toThrow('destroyed')
    const count = calls.length
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls.length).toBe(count)
  } finally {
    vi.useRealTimers()
  }
})
