export { revocationMessage } from './message.js'
export { REVOCATION_MAX_AGE_MS, REVOCATION_MAX_SKEW_MS, sessionRoutes } from './routes.js'
export {
  accountKey,
  createSessionStore,
  type GrantInput,
  SESSIONS_LIST_MAX,
  type SessionPermission,
  type SessionStore,
  type SmartSession,
} from './store.js'
