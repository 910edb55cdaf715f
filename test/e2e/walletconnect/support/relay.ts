import type { Hex } from 'viem'
import type { RelayFrame } from '../../../stack/relay'
import { poll } from '../../support/poll'
import type { WcSession } from './fixture'

/** The relay's tags of a session request and of its answer. */
export const TAG_SESSION_REQUEST = 1108
export const TAG_SESSION_RESPONSE = 1109

type Rpc = { method?: string; params?: { tag?: number; data?: { tag?: number } } }

/** A frame's JSON-RPC message; `{}` for a frame that is not JSON. */
export function parse(frame: RelayFrame): Rpc {
  try {
    return JSON.parse(frame.text) as Rpc
  } catch {
    return {}
  }
}

/** The client ids of the page and of the Node wallet, from the upgrade URLs' user agents. */
export function clientIds(frames: readonly RelayFrame[]): { page: string; wallet: string } {
  const opened = frames.filter((f) => f.direction === 'open')
  const page = opened.findLast((f) => /browser/.test(decodeURIComponent(f.text)))?.clientId
  const wallet = opened.findLast((f) => /node/.test(decodeURIComponent(f.text)))?.clientId
  if (!page || !wallet) throw new Error('both clients must have connected')
  return { page, wallet }
}

/** Publishes a client made with `tag`, from frame index `from` on. */
export function published(
  frames: readonly RelayFrame[],
  from: number,
  clientId: string,
  tag: number,
): number {
  return frames
    .slice(from)
    .filter((f) => f.direction === 'in' && f.clientId === clientId)
    .map(parse)
    .filter((m) => m.method === 'irn_publish' && m.params?.tag === tag).length
}

/** `personal_sign` of `message` through the host's provider. */
export function sign(session: WcSession, message: Hex, address: string): Promise<Hex> {
  return session.page.evaluate(
    async ({ message, address }) => {
      const kit = window.WalletKit?.init() as unknown as {
        getProvider(ns: string): { request(a: { method: string; params: unknown[] }): unknown }
      }
      return (await kit.getProvider('eip155').request({
        method: 'personal_sign',
        params: [message, address],
      })) as Hex
    },
    { message, address },
  )
}

/** Waits until both clients sent `irn_batchSubscribe` after frame index `from` (they are back). */
export async function waitForResubscribe(
  relay: { readonly frames: readonly RelayFrame[] },
  from: number,
  ids: { page: string; wallet: string },
): Promise<void> {
  const resubscribed = (clientId: string) =>
    relay.frames
      .slice(from)
      .some(
        (f) => f.direction === 'in' && f.clientId === clientId && /irn_batchSubscribe/.test(f.text),
      )
  await poll(() => resubscribed(ids.page) && resubscribed(ids.wallet)).toBe(true)
}
