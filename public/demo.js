// The demo page's own script: it listens to WalletKit's DOM events and reads its state, as any
// host page may. The script tag started WalletKit; init() without options returns that instance.
const log = document.getElementById('events')
const state = document.getElementById('state')
const names = ['ready', 'open', 'close', 'connected', 'disconnected', 'accountChanged', 'chainChanged', 'signedIn', 'signedOut', 'transaction', 'error']
for (const name of names) {
  window.addEventListener(`walletkit:${name}`, (event) => {
    const item = document.createElement('li')
    item.textContent = `walletkit:${name} ${JSON.stringify(event.detail)}`
    log.prepend(item)
    if (name === 'ready') start()
  })
}

function start() {
  const kit = window.WalletKit.init()
  const show = (s) => {
    state.textContent = JSON.stringify(s, null, 2)
  }
  show(kit.getState())
  kit.subscribe(show)
  let dark = false
  document.getElementById('theme').addEventListener('click', () => {
    dark = !dark
    kit.setTheme({ mode: dark ? 'dark' : 'light' })
  })
}
