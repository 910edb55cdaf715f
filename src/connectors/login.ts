import { lazyObject } from '../core/utils/lazy-object.js'
import type { AuthConnector, AuthConnectorParameters, FrameHost } from './auth/connector.js'

declare const require: (id: string) => unknown

/**
 * The login frame's connector (`auth/`), evaluated on its first use (a login, the silent
 * reconnect) or in the idle warm-up, not while the page loads. The bundler resolves the
 * require at build time (docs/architecture.md, "Short tasks while a page loads").
 */
export function authConnectorModule() {
  return require('./auth/connector.js') as typeof import('./auth/connector.js')
}

/**
 * The Auth connector (email and social login), made on its first use with the host of its frame:
 * what Connect and the silent reconnect read of it (id, name, type, namespace) is there before.
 * Destroying a connector never used makes nothing.
 *
 * @param host - Makes the frame's host (called once, with the connector).
 */
export function createLoginConnector(
  p: Omit<AuthConnectorParameters, 'host'>,
  host: () => FrameHost & { destroy(): void },
): AuthConnector {
  let frames: ReturnType<typeof host> | undefined
  let connector: AuthConnector | undefined
  return lazyObject<AuthConnector>(
    {
      id: 'auth',
      name: 'Email & Social',
      type: 'AUTH',
      namespace: 'eip155',
      destroy() {
        connector?.destroy()
        frames?.destroy()
      },
    },
    () => {
      frames = host()
      connector = authConnectorModule().createAuthConnector({ ...p, host: frames })
      return connector
    },
  )
}
