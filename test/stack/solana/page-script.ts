import type { SolanaWalletInfo } from './info.js'

/** Configuration baked into one copy of the page script. */
export interface SolanaPageScriptConfig {
  info: SolanaWalletInfo
  /** Playwright binding `window[binding](method, params)` answering `{ result } | { error }`. */
  binding: string
  /** Global (non-enumerable) through which Node delivers events: `window[globalName].emit(event, payload)`. */
  globalName: string
  /** Features to leave out (e.g. `solana:signAndSendTransaction`, to test a dapp's fallback). */
  omitFeatures: string[]
}

// Plain ES2020 kept as text: it is injected as-is by addInitScript, so no compiler helper can leak
// into it. The Wallet Standard is spoken by its raw protocol (the two window events), exactly as
// `@wallet-standard/wallet`'s registerWallet does, so the page needs no library.
const SOURCE = `(() => {
  'use strict';
  const config = __CONFIG__;
  if (Object.prototype.hasOwnProperty.call(window, config.globalName)) return;
  const dispatch = window.dispatchEvent.bind(window);
  const listeners = new Set();
  let accounts = Object.freeze([]);

  const toBase64 = (bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text);
  };
  const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

  class WalletError extends Error {
    constructor(code, message, data) {
      super(message);
      this.name = 'WalletError';
      this.code = code;
      if (data !== undefined) this.data = data;
    }
  }

  const request = async (method, params) => {
    let outcome;
    try {
      outcome = await window[config.binding](method, params);
    } catch (error) {
      throw new WalletError(-32603, config.info.name + ' is unreachable: ' + (error && error.message));
    }
    if (outcome && outcome.error) throw new WalletError(outcome.error.code, outcome.error.message, outcome.error.data);
    return outcome ? outcome.result : null;
  };

  const solanaFeatures = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
    .filter((name) => !config.omitFeatures.includes(name));
  const toAccount = (data) => Object.freeze({
    address: data.address,
    publicKey: fromBase64(data.publicKey),
    chains: Object.freeze(config.info.chains.slice()),
    features: Object.freeze(solanaFeatures.slice()),
    label: config.info.name,
  });
  const setAccounts = (list) => {
    accounts = Object.freeze((Array.isArray(list) ? list : []).map(toAccount));
  };
  const emitChange = (properties) => {
    for (const listener of Array.from(listeners)) {
      try {
        listener(properties);
      } catch (error) {
        setTimeout(() => { throw error; });
      }
    }
  };
  const accountOf = (input) => {
    const address = input && input.account && input.account.address;
    if (!accounts.some((a) => a.address === address)) throw new WalletError(4100, 'The account is not connected.');
    return address;
  };
  const each = (inputs, run) => inputs.reduce(
    (done, input) => done.then(async (outputs) => outputs.concat([await run(input)])),
    Promise.resolve([]),
  );

  const features = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input) {
        const result = await request('connect', { silent: !!(input && input.silent) });
        setAccounts(result.accounts);
        if (accounts.length) emitChange({ accounts });
        return { accounts };
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        await request('disconnect', {});
        setAccounts([]);
        emitChange({ accounts });
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change' || typeof listener !== 'function') return () => {};
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: (...inputs) => each(inputs, async (input) => {
        const result = await request('signMessage', { address: accountOf(input), message: toBase64(input.message) });
        return { signedMessage: fromBase64(result.signedMessage), signature: fromBase64(result.signature), signatureType: 'ed25519' };
      }),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: (...inputs) => each(inputs, async (input) => {
        const result = await request('signTransaction', { address: accountOf(input), transaction: toBase64(input.transaction), chain: input.chain });
        return { signedTransaction: fromBase64(result.signedTransaction) };
      }),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: (...inputs) => each(inputs, async (input) => {
        const result = await request('signAndSendTransaction', { address: accountOf(input), transaction: toBase64(input.transaction), chain: input.chain, options: input.options });
        return { signature: fromBase64(result.signature) };
      }),
    },
  };
  for (const name of config.omitFeatures) delete features[name];

  const wallet = Object.freeze({
    version: '1.0.0',
    name: config.info.name,
    icon: config.info.icon,
    chains: Object.freeze(config.info.chains.slice()),
    features: Object.freeze(features),
    get accounts() { return accounts; },
  });

  Object.defineProperty(window, config.globalName, {
    value: Object.freeze({
      wallet,
      emit(event, payload) {
        if (event !== 'change') return;
        setAccounts(payload && payload.accounts);
        emitChange({ accounts });
      },
    }),
    enumerable: false,
  });

  const register = (api) => {
    try {
      api.register(wallet);
    } catch (error) {
      setTimeout(() => { throw error; });
    }
  };
  window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
  dispatch(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
})();
`

/** The page side of the Solana test wallet: a Wallet Standard wallet bridged to Node. */
export function solanaWalletPageScript(config: SolanaPageScriptConfig): string {
  // JSON is valid JavaScript; escaping `<` keeps the text safe inside an inline <script> too.
  const literal = JSON.stringify(config).replace(/</g, '\\u003c')
  return SOURCE.replace('__CONFIG__', () => literal)
}
