import type { WalletInfo } from './info.js'

/** How the page side reaches the Node wallet. */
export type PageBridge =
  /** A Playwright binding `window[name](method, params)` answering `{ result } | { error }`. */
  | { kind: 'binding'; name: string }
  /** HTTP: POST `{ method, params }` to `rpcPath`, events as Server-Sent Events from `eventsPath`
   * (both resolved against the script's own URL). */
  | { kind: 'http'; rpcPath: string; eventsPath: string }

/** Configuration baked into one copy of the page script. */
export interface PageScriptConfig {
  info: WalletInfo
  /** Global (non-enumerable) through which Node delivers events: `window[globalName].emit(event, payload)`. */
  globalName: string
  bridge: PageBridge
  /** Also install the provider as `window.ethereum`. */
  asWindowEthereum: boolean
}

// Plain ES2020 kept as text: it is injected as-is (addInitScript or a served file), so no
// compiler helper can leak into it. Page functions it relies on are captured at start, before
// page scripts can replace them.
const SOURCE = `(() => {
  'use strict';
  const config = __CONFIG__;
  if (Object.prototype.hasOwnProperty.call(window, config.globalName)) return;
  const base = (document.currentScript && document.currentScript.src) || location.href;
  const fetchFn = typeof fetch === 'function' ? fetch.bind(window) : null;
  const dispatch = window.dispatchEvent.bind(window);
  const listeners = new Map();

  class ProviderRpcError extends Error {
    constructor(code, message, data) {
      super(message);
      this.name = 'ProviderRpcError';
      this.code = code;
      if (data !== undefined) this.data = data;
    }
  }

  const send = config.bridge.kind === 'binding'
    ? (method, params) => window[config.bridge.name](method, params)
    : async (method, params) => {
        const response = await fetchFn(new URL(config.bridge.rpcPath, base).href, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ method, params }),
        });
        return response.json();
      };

  const emit = (event, payload) => {
    const set = listeners.get(event);
    if (!set) return;
    for (const listener of Array.from(set)) {
      try {
        listener(payload);
      } catch (error) {
        setTimeout(() => { throw error; });
      }
    }
  };

  const provider = {
    isDevnetWallet: true,
    async request(args) {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
        throw new ProviderRpcError(-32600, 'Expected a request object with a string method.');
      }
      let outcome;
      try {
        outcome = await send(args.method, args.params === undefined ? [] : args.params);
      } catch (error) {
        const reason = error && error.message ? error.message : String(error);
        throw new ProviderRpcError(-32603, 'Devnet Wallet is unreachable: ' + reason);
      }
      if (outcome && outcome.error) {
        throw new ProviderRpcError(outcome.error.code, outcome.error.message, outcome.error.data);
      }
      return outcome ? outcome.result : null;
    },
    on(event, listener) {
      if (typeof listener !== 'function') return provider;
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    once(event, listener) {
      const wrapped = (payload) => {
        provider.removeListener(event, wrapped);
        listener(payload);
      };
      return provider.on(event, wrapped);
    },
    removeListener(event, listener) {
      const set = listeners.get(event);
      if (set) set.delete(listener);
      return provider;
    },
    off(event, listener) {
      return provider.removeListener(event, listener);
    },
    removeAllListeners(event) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
      return provider;
    },
    listenerCount(event) {
      const set = listeners.get(event);
      return set ? set.size : 0;
    },
  };

  let ready = Promise.resolve();
  if (config.bridge.kind === 'http') {
    const source = new EventSource(new URL(config.bridge.eventsPath, base).href);
    ready = new Promise((resolve) => source.addEventListener('open', () => resolve(), { once: true }));
    source.addEventListener('message', (message) => {
      let parsed;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      emit(parsed.event, parsed.payload);
    });
  }

  Object.defineProperty(window, config.globalName, {
    value: Object.freeze({ emit, provider, ready }),
    enumerable: false,
  });

  const detail = Object.freeze({ info: Object.freeze(Object.assign({}, config.info)), provider });
  const announce = () => dispatch(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  if (config.asWindowEthereum) {
    window.ethereum = provider;
    dispatch(new Event('ethereum#initialized'));
  }
})();
`

/** The page side of the test wallet: an EIP-1193 provider announced over EIP-6963, bridged to Node. */
export function testWalletPageScript(config: PageScriptConfig): string {
  // JSON is valid JavaScript; escaping `<` keeps the text safe inside an inline <script> too.
  const literal = JSON.stringify(config).replace(/</g, '\\u003c')
  return SOURCE.replace('__CONFIG__', () => literal)
}
