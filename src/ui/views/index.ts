import type { ComponentType } from 'react'
import type { View } from '../../core/types/view.js'
import { Account } from './Account.js'
import { AllWallets } from './AllWallets.js'
import { Connect } from './Connect.js'
import { ConnectingExternal } from './ConnectingExternal.js'
import { Networks } from './Networks.js'
import { Unavailable } from './Unavailable.js'
import { UnsupportedChain } from './UnsupportedChain.js'
import { WhatIsAWallet } from './WhatIsAWallet.js'

declare const require: (id: string) => unknown

type FeatureViews = typeof import('./features.js')

/**
 * The optional features' views (features.ts), evaluated on first use rather than while the page
 * loads: the first render of one of them, or the idle warm-up (warm-views.ts, after the visitor's
 * first sign), so that a first open still only shows them. The bundler resolves the require at
 * build time; the code stays in the one file and nothing is fetched (docs/architecture.md, "Short
 * tasks while a page loads").
 */
export const featureViews = (): FeatureViews => require('./features.js') as FeatureViews

/** The component each view of the first frame renders (Connect, Account and their neighbours). */
export const VIEWS: Partial<Record<View, ComponentType>> = {
  Connect,
  ConnectWallets: Connect,
  Account,
  AllWallets,
  Networks,
  UnsupportedChain,
  ConnectingExternal,
  WhatIsAWallet,
}

/** The component for a view; views this version does not provide say so. */
export function viewComponent(view: View): ComponentType {
  return VIEWS[view] ?? featureViews().FEATURE_VIEWS[view] ?? Unavailable
}
