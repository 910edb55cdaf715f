// The demo page's own script: it listens to WalletKit's DOM events and reads its state, as any
// host page may. The script tag started WalletKit; init() without options returns that instance.
const log = document.getElementById('events')
const state = document.getElementById('state')
const names = [
  'ready',
  'open',
  'close',
  'connected',
  'disconnected',
  'accountChanged',
  'chainChanged',
  'signedIn',
  'signedOut',
  'transaction',
  'error',
]
for (const name of names) {
  window.addEventListener(`walletkit:${name}`, (event) => {
    const item = document.createElement('li')
    item.textContent = `walletkit:${name} ${JSON.stringify(event.detail)}`
    log.prepend(item)
    if (name === 'ready') start()
  })
}

let dark = window.matchMedia('(prefers-color-scheme: dark)').matches
document.documentElement.dataset.theme = dark ? 'dark' : 'light'

function start() {
  const kit = window.WalletKit.init()
  const show = (s) => {
    state.textContent = JSON.stringify(s, null, 2)
  }
  show(kit.getState())
  kit.subscribe(show)
  // The modal starts in the system's mode (data-theme-mode="system"), as the page does: the first
  // press switches both to the other one.
  document.getElementById('theme').addEventListener('click', () => {
    dark = !dark
    const mode = dark ? 'dark' : 'light'
    kit.setTheme({ mode })
    document.documentElement.dataset.theme = mode
  })
}

// A visitor without a wallet extension gets the local "Devnet Wallet" (served by npm start's
// stack), so every flow can be tried. It announces itself over EIP-6963 like any extension.
let announced = false
window.addEventListener('eip6963:announceProvider', () => {
  announced = true
})
window.dispatchEvent(new Event('eip6963:requestProvider'))
setTimeout(() => {
  if (announced) return
  // …and the local "Devnet Solana Wallet" (Wallet Standard) for the Solana network.
  for (const src of ['/devnet-wallet.js', '/devnet-solana-wallet.js']) {
    const script = document.createElement('script')
    script.src = src
    document.head.append(script)
  }
}, 300)
