import { connect, type setupEvmE2E } from '../../evm/support/fixture'
import { SendPage } from './send-page'

type EvmE2E = ReturnType<typeof setupEvmE2E>

/** A new session of `e2e`, connected, on the Send view (reached from Account's feature). */
export async function onSend(e2e: EvmE2E, options: Parameters<EvmE2E['newSession']>[0] = {}) {
  const s = await e2e.newSession(options)
  await s.open()
  await connect(s)
  await s.modal.openViaApi()
  const send = new SendPage(s.page)
  await send.feature('send').click()
  await send.form.waitFor()
  return { s, send }
}
