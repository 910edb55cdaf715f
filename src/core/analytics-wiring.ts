import { type Analytics, createAnalytics } from './analytics.js'
import { trackFunnel } from './analytics-funnel.js'
import { type KitParts, NO_LOCATION } from './parts.js'

/**
 * Builds the kit's analytics over its parts: the site's switch and the visitor's opt-out, the
 * funnel of the kit's own events, and `trackFeature` for a feature's success.
 */
export function createKitAnalytics(
  p: Pick<KitParts, 'options' | 'env' | 'services' | 'toasts' | 'events' | 'router' | 'chain'>,
): {
  analytics: Analytics
  trackFeature: KitParts['trackFeature']
  destroy(): void
} {
  const { router, chain } = p
  const analytics = createAnalytics({
    enabled: p.options.features.analytics,
    debug: p.options.debug,
    optedOut: p.env.trackingOptOut ?? (() => false),
    catalog: p.services.catalog,
    api: p.services.analytics,
    toasts: p.toasts,
    location: p.env.location ?? (() => NO_LOCATION),
  })
  /** What the kit knows now: the view, and the active namespace's connector and network. */
  const context = () => ({
    view: router.view.peek(),
    connector: chain.account.peek()?.connector?.id,
    caipNetworkId: chain.network.peek()?.caipNetwork?.caipNetworkId,
  })
  const stopFunnel = trackFunnel(
    p.events,
    analytics,
    () => ({ ...context(), address: chain.account.peek()?.address }),
    p.options.analyticsAddresses,
  )
  return {
    analytics,
    trackFeature: (event) => analytics.track(event, context()),
    destroy() {
      stopFunnel()
      analytics.destroy()
    },
  }
}
