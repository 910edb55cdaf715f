import { expect, test } from 'vitest'
import { COINBASE_WALLET_ID, COINBASE_WALLET_RDNS, specialWallets } from '../../fixtures/wallets'
import { testAccount } from '../../stack/chain/index'
import { poll } from '../support/poll'
import { details, methods, setupEvmE2E } from './support/fixture'

// Coinbase Wallet's browser extension is an EIP-6963 wallet like any other: it announces the rdns
// `com.coinbase.wallet`, which its catalogue entry carries (docs/connectors.md).

const e2e = setupEvmE2E()
const coinbase = { name: 'Coinbase Wallet', rdns: COINBASE_WALLET_RDNS }

test('default: the extension shows once, as installed, and connects as an announced wallet', async () => {
  const s = await e2e.newSession({ install: { announceAs: coinbase } })
  await s.open({ featuredWalletIds: [COINBASE_WALLET_ID] })
  await s.modal.openViaApi()
  const button = s.evm.wallet(s.info.uuid)
  await expect(button.locator('.wk-wallet-name').textContent()).resolves.toBe('Coinbase Wallet')
  await expect(button.locator('.wk-tag[data-kind="installed"]').count()).resolves.toBe(1)
  // Its catalogue entry (featured; shown without the extension, see walletconnect/connectors)
  // is the installed wallet: once the catalogue lists are in, it is not listed a second time.
  await s.modal.wallet(specialWallets.devnetMobile.id).waitFor()
  expect(await s.modal.wallet(COINBASE_WALLET_ID).count()).toBe(0)
  await button.click()
  await s.modal.waitForClosed()
  await poll(() => details(s, 'connected')).toEqual([
    {
      address: testAccount(0).address,
      caipAddress: `eip155:31337:${testAccount(0).address}`,
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      connector: { id: `eip6963:${s.info.uuid}`, name: 'Coinbase Wallet', type: 'ANNOUNCED' },
    },
  ])
  expect(methods(s.wallet)).toContain('eth_requestAccounts')
})

test('behavior: picking Coinbase Wallet in All Wallets uses the installed extension', async () => {
  const s = await e2e.newSession({ install: { announceAs: coinbase } })
  await s.open()
  await s.modal.openViaApi()
  await s.modal.goToAllWallets()
  await s.modal.search('Coinbase')
  await s.modal.wallet(COINBASE_WALLET_ID).click()
  await s.modal.waitForClosed()
  await poll(() => s.host.state().then((state) => state.connector)).toEqual({
    id: `eip6963:${s.info.uuid}`,
    name: 'Coinbase Wallet',
  })
  expect(methods(s.wallet)).toContain('eth_requestAccounts')
})
