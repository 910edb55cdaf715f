import { expect, test } from 'vitest'
import {
  isOpenableView,
  OPENABLE_VIEWS,
  PRODUCT_VIEWS,
  SPEC_VIEWS,
} from '../../../../src/core/types/view.js'

test('default', () => {
  expect(SPEC_VIEWS).toEqual([
    'Connect',
    'Account',
    'ConnectingWalletConnectBasic',
    'UnsupportedChain',
    'SIWXSignMessage',
    'ApproveTransaction',
    'ConnectingSiwe',
    'ConnectingFarcaster',
  ])
})

test('args: the views a host page may open (DESIGN §2)', () => {
  expect(OPENABLE_VIEWS).toEqual([
    'Connect',
    'Account',
    'AllWallets',
    'Networks',
    'ConnectingWalletConnectBasic',
    'Swap',
    'OnRamp',
    'Transactions',
    'Send',
    'Receive',
    'RegisterName',
    'SmartSessions',
  ])
  const known = new Set<string>([...SPEC_VIEWS, ...PRODUCT_VIEWS])
  for (const view of OPENABLE_VIEWS) expect(known.has(view), view).toBe(true)
  expect(new Set([...SPEC_VIEWS, ...PRODUCT_VIEWS]).size).toBe(
    SPEC_VIEWS.length + PRODUCT_VIEWS.length,
  )
})

test('behavior: isOpenableView accepts exactly the openable views', () => {
  for (const view of OPENABLE_VIEWS) expect(isOpenableView(view)).toBe(true)
  for (const value of [
    'UnsupportedChain',
    'SIWXSignMessage',
    'ConnectingFarcaster',
    'connect',
    '',
    'toString',
    null,
    1,
  ])
    expect(isOpenableView(value), String(value)).toBe(false)
})
