// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { ARTIFACTS_PATH, artifactsAreCurrent } from './compile.js'
import { artifacts } from './index.js'

const scratch = mkdtempSync(join(tmpdir(), 'walletkit-artifacts-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

test('default', () => {
  // Recompiles the sources with solc-js and compares byte for byte with the committed module.
  expect(artifactsAreCurrent()).toBe(true)
})

test('behavior: the artifact holds only abi and bytecode for each contract', () => {
  expect(Object.keys(artifacts)).toMatchInlineSnapshot(`
    [
      "TestToken",
      "WrappedNative",
      "SimplePair",
      "SimpleRouter",
      "OwnerAccount",
      "SafeAccount",
      "OwnerAccountFactory",
    ]
  `)
  for (const artifact of Object.values(artifacts)) {
    expect(Object.keys(artifact)).toEqual(['abi', 'bytecode'])
    expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{1000,}$/)
  }
})

test('behavior: the router exposes the V2 swap signature', () => {
  const swap = artifacts.SimpleRouter.abi.find(
    (item) => item.type === 'function' && item.name === 'swapExactTokensForTokens',
  )
  expect(swap?.type === 'function' && swap.inputs.map((i) => `${i.type} ${i.name}`)).toEqual([
    'uint256 amountIn',
    'uint256 amountOutMin',
    'address[] path',
    'address to',
    'uint256 deadline',
  ])
})

test('behavior: the router swaps ether both ways through the wrapped coin', () => {
  const names = artifacts.SimpleRouter.abi.flatMap((item) =>
    item.type === 'function' && item.name.startsWith('swap') ? [item.name] : [],
  )
  expect(names.sort()).toEqual([
    'swapExactETHForTokens',
    'swapExactTokensForETH',
    'swapExactTokensForTokens',
  ])
})

test('error: a tampered artifact is reported as out of date', () => {
  const copy = join(scratch, 'artifacts.ts')
  writeFileSync(copy, readFileSync(ARTIFACTS_PATH, 'utf8').replace('"TestToken"', '"TestCoin"'))
  expect(artifactsAreCurrent(copy)).toBe(false)
  expect(artifactsAreCurrent(join(scratch, 'missing.ts'))).toBe(false)
})
