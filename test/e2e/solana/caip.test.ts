import { expect, test } from 'vitest'
import { SOLANA_LOCALNET } from '../../stack/solana/index'
import { poll } from '../support/poll'
import { setupSolanaE2E } from './support/fixture'

const e2e = setupSolanaE2E()
const EVM = '0x70997970C51812dc3A010C7d01b50e79d17dc79C'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const INVALID = { name: 'InvalidCaipError', shortMessage: 'Invalid CAIP Address' }
const NO_ADAPTER = { name: 'ChainAdapterNotFoundError', shortMessage: 'Chain adapter not found' }

type Failure = { name: string; shortMessage?: string } | null

/** Runs `body` with the live instance as `kit`; returns the error it throws (name and visitor text). */
const failureOf = (s: { page: import('playwright-core').Page }, body: string): Promise<Failure> =>
  s.page.evaluate(`(async () => {
    const kit = window.WalletKit.init();
    try { await (async () => { ${body} })(); return null; }
    catch (e) { return { name: e.name, shortMessage: e.shortMessage }; }
  })()`) as Promise<Failure>

test('default', async () => {
  const s = await e2e.newSession()
  await s.open()
  // A valid multichain configuration initialises; the first network's namespace is active.
  expect(await s.host.state()).toMatchObject({
    namespace: 'solana',
    caipNetworkId: SOLANA_LOCALNET,
  })
  expect(await failureOf(s, `await kit.switchNetwork('${SOLANA_LOCALNET}')`)).toBeNull()
})

test('error: init() with malformed network ids raises Invalid CAIP Address', async () => {
  const s = await e2e.newSession()
  await s.host.gotoBlank({ init: false })
  const network = e2e.stack.solana?.network
  for (const networks of [
    ['eip155'],
    ['cosmos:cosmoshub-4'],
    ['eip155:0x1'],
    ['EIP155:1'],
    [`${SOLANA_LOCALNET}:${SOL}`],
    [`eip155:1:${EVM}`],
    [{ ...network, caipNetworkId: 'solana' }],
    [{ ...network, caipNetworkId: `solana:localnet:${SOL}` }],
  ]) {
    const error = await s.host.initError(s.host.options({ networks }))
    expect(error, JSON.stringify(networks)).toMatchObject(INVALID)
  }
  const withDefault = await s.host.initError(
    s.host.options({ networks: ['eip155:1'], defaultNetwork: `eip155:1:${EVM}` }),
  )
  expect(withDefault).toMatchObject(INVALID)
  // Nothing was left behind: a valid init works afterwards.
  expect(await s.host.initError(s.host.options({ networks: [network] }))).toBeNull()
  // The kit is built and mounted in the tasks after init() returns.
  await poll(() => s.host.hostCount()).toBe(1)
})

test('error: switchNetwork() with malformed ids or addresses raises Invalid CAIP Address', async () => {
  const s = await e2e.newSession()
  await s.open()
  for (const id of [
    'solana',
    `${SOLANA_LOCALNET}:${SOL}`,
    `eip155:1:${EVM}`,
    'cosmos:cosmoshub-4',
    '',
    'eip155:01',
  ])
    expect(await failureOf(s, `await kit.switchNetwork(${JSON.stringify(id)})`), id).toMatchObject(
      INVALID,
    )
  expect(await failureOf(s, 'await kit.switchNetwork(42)')).toMatchObject(INVALID)
  expect((await s.host.state()).caipNetworkId).toBe(SOLANA_LOCALNET)
})

test('error: a namespace without a chain adapter raises Chain adapter not found', async () => {
  const s = await e2e.newSession()
  await s.open()
  // Valid ids of namespaces this site did not configure.
  expect(await failureOf(s, `await kit.switchNetwork('eip155:1')`)).toMatchObject(NO_ADAPTER)
  expect(
    await failureOf(s, `await kit.switchNetwork('bip122:000000000019d6689c085ae165831e93')`),
  ).toMatchObject(NO_ADAPTER)
  expect(await failureOf(s, `await kit.open({ namespace: 'polkadot' })`)).toMatchObject(NO_ADAPTER)
  expect(await failureOf(s, `kit.getProvider('eip155')`)).toMatchObject(NO_ADAPTER)
  // A configured namespace, but a network the site did not list: an option error instead.
  expect(await failureOf(s, `await kit.switchNetwork('solana:devnet')`)).toMatchObject({
    name: 'InvalidOptionError',
  })
  expect(await failureOf(s, `kit.getProvider('solana')`)).toBeNull()
})
