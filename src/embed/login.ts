import type { ReadonlySignal } from '@preact/signals-core'
import type { AuthConnector, AuthConnectorParameters } from '../connectors/auth/connector.js'
import { lazyObject } from '../core/utils/lazy-object.js'
import type { createFrameHost } from './frame-host.js'

declare const require: (id: string) => unknown

/**
 * The login frame's connector and the host of its frame, evaluated on the connector's first use
 * (a login, the silent reconnect) or in idle time after ready (`warmConnectors`), not while the
 * page loads. The bundler resolves the requires at build time (docs/architecture.md, "Short tasks
 * while a page loads").
 */
export function loginModules() {
  return {
    connector:
      require('../connectors/auth/connector.js') as typeof import('../connectors/auth/connector.js'),
    host: require('./frame-host.js') as typeof import('./frame-host.js'),
  }
}

/**
 * The Auth connector (email and social login), made with its frame's host on its first use: what
 * Connect and the silent reconnect read of it (id, name, type, namespace) is there before.
 * Destroying a connector never used evaluates nothing.
 *
 * @param label - The frame's accessible name, in the kit's language.
 */
export function createLoginConnector(
  p: Omit<AuthConnectorParameters, 'host'>,
  label: ReadonlySignal<string>,
): AuthConnector {
  let host: ReturnType<typeof createFrameHost> | undefined
  let connector: AuthConnector | undefined
  return lazyObject<AuthConnector>(
    {
      id: 'auth',
      name: 'Email & Social',
      type: 'AUTH',
      namespace: 'eip155',
      destroy() {
        connector?.destroy()
        host?.destroy()
      },
    },
    () => {
      const modules = loginModules()
      host = modules.host.createFrameHost(label, () => connector?.forged)
      connector = modules.connector.createAuthConnector({ ...p, host })
      return connector
    },
  )
}
