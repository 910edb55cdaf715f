import type { ComponentType } from 'react'
import type { View } from '../../core/types/view.js'
import { AllWallets } from './AllWallets.js'
import { Connect } from './Connect.js'
import { ConnectingExternal } from './ConnectingExternal.js'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.js'
import { Unavailable } from './Unavailable.js'
import { WhatIsAWallet } from './WhatIsAWallet.js'

/** The component each view renders; views this version does not provide say so. */
export const VIEWS: Partial<Record<View, ComponentType>> = {
  Connect,
  AllWallets,
  ConnectingExternal,
  ConnectingWalletConnectBasic,
  WhatIsAWallet,
}

/** The component for a view. */
export function viewComponent(view: View): ComponentType {
  return VIEWS[view] ?? Unavailable
}
