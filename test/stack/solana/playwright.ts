import { randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { solanaWalletPageScript } from './page-script.js'
import type { SolanaTestWallet, SolanaWalletEvent } from './wallet.js'

/** Options of {@link installSolanaWallet}. */
export interface InstallSolanaWalletOptions {
  /** Wallet Standard features to leave out, e.g. `['solana:signAndSendTransaction']`. */
  omitFeatures?: string[]
}

/** A Solana wallet installed into a page or context. */
export interface InstalledSolanaWallet {
  /** The global through which the page's wallet object can be reached: `window[globalName].wallet`. */
  globalName: string
  /** Stops delivering events to the pages (the wallet stays registered in them). */
  dispose(): void
}

type Target = BrowserContext | Page

const pagesOf = (target: Target): Page[] => ('pages' in target ? target.pages() : [target])

async function runInOpenPages(target: Target, script: string): Promise<void> {
  const frames = pagesOf(target).flatMap((page) => page.frames())
  await Promise.all(frames.map((frame) => frame.evaluate(script).catch(() => undefined)))
}

/**
 * Registers the Solana test wallet in every page of `target` through the Wallet Standard
 * (`wallet-standard:register-wallet` / `wallet-standard:app-ready`). Its requests run in Node on
 * `wallet`, bytes crossing as base64; errors reach the page with their `code` and `message`, and
 * account changes are delivered before the call that caused them resolves.
 * @example
 * await installSolanaWallet(context, await createSolanaTestWallet({ chain }))
 */
export async function installSolanaWallet(
  target: Target,
  wallet: SolanaTestWallet,
  options: InstallSolanaWalletOptions = {},
): Promise<InstalledSolanaWallet> {
  const suffix = randomBytes(6).toString('hex')
  const binding = `__devnetSolanaBridge_${suffix}`
  const globalName = `__devnetSolana_${suffix}`
  await target.exposeBinding(binding, (_source, method: unknown, params: unknown) =>
    wallet.handle(String(method), params),
  )
  const script = solanaWalletPageScript({
    info: wallet.info,
    binding,
    globalName,
    omitFeatures: options.omitFeatures ?? [],
  })
  await target.addInitScript(script)
  await runInOpenPages(target, script)

  const deliver = async ({ event, payload }: SolanaWalletEvent) => {
    const args = [event, payload].map((v) => JSON.stringify(v)).join(', ')
    await runInOpenPages(
      target,
      `(() => { const w = window[${JSON.stringify(globalName)}]; if (w) w.emit(${args}); })()`,
    )
  }
  return { globalName, dispose: wallet.subscribe(deliver) }
}
