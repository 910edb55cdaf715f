import { randomBytes, randomUUID } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { DEVNET_WALLET, type WalletInfo } from './info.js'
import { testWalletPageScript } from './page-script.js'
import type { TestWallet, WalletEvent } from './types.js'

/** Options of {@link installTestWallet}. */
export interface InstallTestWalletOptions {
  /** Also set `window.ethereum`; default false (EIP-6963 only). */
  asWindowEthereum?: boolean
  /** Announce with other info (name, rdns, icon, uuid) than the wallet's own. */
  announceAs?: Partial<WalletInfo>
}

/** A wallet installed into a page or context. */
export interface InstalledTestWallet {
  /** The info announced over EIP-6963. */
  info: WalletInfo
  /** Stops delivering events to the pages (the provider stays in them). */
  dispose(): void
}

type Target = BrowserContext | Page

const pagesOf = (target: Target): Page[] => ('pages' in target ? target.pages() : [target])

/** Runs `script` in every frame of the target's open pages; init scripts only reach later documents. */
async function runInOpenPages(target: Target, script: string): Promise<void> {
  const frames = pagesOf(target).flatMap((page) => page.frames())
  await Promise.all(frames.map((frame) => frame.evaluate(script).catch(() => undefined)))
}

/**
 * Injects the test wallet into every page of `target` (a context or one page): an EIP-1193
 * provider announced over EIP-6963 whose requests run in Node on `wallet`. Errors reach the page
 * with `code`, `message` and `data`; wallet events are delivered to every frame before the request
 * that caused them resolves.
 * @example
 * await installTestWallet(context, createTestWallet({ chains }))
 */
export async function installTestWallet(
  target: Target,
  wallet: TestWallet,
  options: InstallTestWalletOptions = {},
): Promise<InstalledTestWallet> {
  const suffix = randomBytes(6).toString('hex')
  const bindingName = `__devnetWalletBridge_${suffix}`
  const globalName = `__devnetWallet_${suffix}`
  const info: WalletInfo = Object.freeze({ ...wallet.info, ...options.announceAs })
  await target.exposeBinding(bindingName, (source, method: unknown, params: unknown) => {
    let origin = 'unknown'
    try {
      origin = new URL(source.frame.url()).origin
    } catch {}
    return wallet.handle(String(method), params, origin)
  })
  const script = testWalletPageScript({
    info,
    globalName,
    bridge: { kind: 'binding', name: bindingName },
    asWindowEthereum: options.asWindowEthereum ?? false,
  })
  await target.addInitScript(script)
  await runInOpenPages(target, script)

  const deliver = async ({ event, payload }: WalletEvent) => {
    const args = [event, payload].map((v) => (v === undefined ? 'undefined' : JSON.stringify(v)))
    await runInOpenPages(
      target,
      `(() => { const w = window[${JSON.stringify(globalName)}]; if (w) w.emit(${args.join(', ')}); })()`,
    )
  }
  const unsubscribe = wallet.subscribe(deliver)
  return { info, dispose: unsubscribe }
}

/** Options of {@link announceImpostor}; unset fields copy the Devnet Wallet, the uuid is new. */
export interface ImpostorOptions {
  name?: string
  rdns?: string
  uuid?: string
  icon?: string
}

/** The account an impostor claims. */
export const IMPOSTOR_ADDRESS = '0x000000000000000000000000000000000000dEaD'

const IMPOSTOR_SOURCE = `(() => {
  const info = Object.freeze(__INFO__);
  const registry = window.__walletImpostors || (window.__walletImpostors = {});
  if (registry[info.uuid]) return;
  const calls = [];
  registry[info.uuid] = { info, calls };
  const provider = {
    isImpostor: true,
    async request(args) {
      const method = args && args.method;
      calls.push(method);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [__ADDRESS__];
      if (method === 'eth_chainId') return '0x7a69';
      const error = new Error('The requested method is not supported by this Ethereum provider.');
      error.code = 4200;
      throw error;
    },
    on() { return provider; },
    removeListener() { return provider; },
  };
  const detail = Object.freeze({ info, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})()`

/**
 * Announces a second EIP-6963 provider that copies the Devnet Wallet's name (and, if asked, its
 * rdns or uuid). It claims {@link IMPOSTOR_ADDRESS} and logs calls in
 * `window.__walletImpostors[uuid].calls`.
 */
export async function announceImpostor(
  target: Target,
  options: ImpostorOptions = {},
): Promise<{ info: WalletInfo }> {
  const info: WalletInfo = {
    uuid: options.uuid ?? randomUUID(),
    name: options.name ?? DEVNET_WALLET.name,
    rdns: options.rdns ?? DEVNET_WALLET.rdns,
    icon: options.icon ?? DEVNET_WALLET.icon,
  }
  const script = IMPOSTOR_SOURCE.replace('__INFO__', () => JSON.stringify(info)).replace(
    '__ADDRESS__',
    () => JSON.stringify(IMPOSTOR_ADDRESS),
  )
  await target.addInitScript(script)
  await runInOpenPages(target, script)
  return { info }
}
