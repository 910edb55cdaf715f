// The demo: every stand-in on 127.0.0.1 and the app page, until Ctrl+C.
// Run after `npm run build` (the page loads cdn-dist/walletkit.js).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startStack } from '../test/stack/index'
import { PROJECT_ROOT } from '../test/stack/static-server'

const stack = await startStack({
  appPort: Number(process.env.PORT) || 0,
  chains: true,
  demo: true,
  log: process.env.LOG === '1',
})

const { urls } = stack
const row = (label: string, value: string) => `  ${label.padEnd(18)}${value || '(not started)'}`
console.log(
  [
    '',
    `WalletKit demo: ${urls.app}/`,
    `Devnet mobile wallet: ${urls.app}/devnet-mobile/`,
    '',
    row('Catalogue API', urls.api),
    row('Analytics', urls.analytics),
    row('Blockchain API', urls.blockchainApi),
    row('Relay', urls.relay),
    row('On-ramp checkout', urls.onrampCheckout),
    row('Login frame', urls.loginFrame),
    row('Mailbox', urls.mailbox),
    ...Object.entries(urls.rpc).map(([chainId, url]) => row(`RPC ${chainId}`, url)),
    row('Safe', urls.safe ? `${urls.safe}/` : ''),
    row('Project id', stack.projectId),
    '',
    'Press Ctrl+C to stop.',
  ].join('\n'),
)
if (!existsSync(join(PROJECT_ROOT, 'cdn-dist', 'walletkit.js'))) {
  console.warn('cdn-dist/walletkit.js is missing: run `npm run build` first.')
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
