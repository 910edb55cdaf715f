/** The wallet catalogue API stand-in and the analytics sink. */
export {
  type AnalyticsEvent,
  type AnalyticsOptions,
  type AnalyticsSink,
  isLocalOrigin,
  startAnalyticsSink,
} from './analytics'
export { DEMO_PROJECT_ID } from './project'
export { type CatalogOptions, type CatalogStandIn, startCatalog } from './server'
