export { revocationMessage } from './message.js'
export { sessionRoutes } from './routes.js'
export {
  accountKey,
  createSessionStore,
  type GrantInput,
  SESSIONS_LIST_MAX,
  type SessionPermission,
  type SessionStore,
  type SmartSession,
} from './store.js'
