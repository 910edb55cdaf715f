import type { ChainView } from './chain-state.js'
import type { Connection } from './connection.js'
import { WalletKitError } from './errors/base.js'
import { DisconnectError } from './errors/connection.js'
import { ClipboardError } from './errors/options.js'
import { chooseNamespace, shownNamespace, type TabbedView } from './namespace-tab.js'
import type { KitEnvironment } from './parts.js'
import type { Router } from './router.js'
import type { Toasts } from './toast.js'
import type { ChainNamespace } from './types/caip.js'
import type { TextRef } from './types/texts.js'

/** The toasts of a copy: after it, and (when the visitor is told) after a failure. */
export type CopyTexts = {
  copied: TextRef
  /** Without it a failure says nothing. */
  failed?: TextRef | undefined
  /** The code a failure is reported with (`walletkit:error`). Default `ERROR`. */
  code?: string | undefined
}

/** What the views of a connected account do. */
export type AccountActions = ReturnType<typeof createAccountActions>

/**
 * The actions of the Account, UnsupportedChain, Receive, Activity and QR views: disconnect the
 * active namespace (a refusal is told as a toast, and the connection kept), make a namespace the
 * active one, and copy a text through the page's clipboard.
 */
export function createAccountActions(p: {
  connection: Pick<Connection, 'disconnect' | 'activate'>
  chain: Pick<ChainView, 'activeNamespace' | 'accounts'>
  router: Pick<Router, 'view' | 'replace' | 'dataOf'>
  toasts: Pick<Toasts, 'error' | 'success'>
  copyText: KitEnvironment['copyText']
}) {
  return {
    /** Disconnects the active namespace. */
    disconnect(): void {
      p.connection.disconnect(p.chain.activeNamespace.peek()).catch((error: unknown) => {
        p.toasts.error(error instanceof WalletKitError ? error : new DisconnectError(error))
      })
    },
    /**
     * Picks a namespace tab of Account or Networks: a connected namespace becomes the active one
     * (the page hears `walletkit:chainChanged`), any other is only shown (`namespace-tab.ts`).
     */
    chooseTab(namespace: ChainNamespace): void {
      chooseNamespace({ ...p, activate: p.connection.activate }, namespace)
    },
    /** The namespace a tabbed view shows: the tab picked, else the active namespace. */
    shownNamespace: (view: TabbedView): ChainNamespace => shownNamespace(p.router, p.chain, view),
    /** Writes `text` to the clipboard, and says how it went. */
    copy(text: string, texts: CopyTexts): void {
      const written = p.copyText
        ? p.copyText(text)
        : Promise.reject(new ClipboardError('no clipboard'))
      written.then(
        () => p.toasts.success(texts.copied),
        (error: unknown) => {
          if (texts.failed) p.toasts.error(new ClipboardError(error), texts.code, texts.failed)
        },
      )
    },
  }
}
