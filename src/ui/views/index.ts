import type { ComponentType } from 'react'
import type { View } from '../../core/types/view.js'
import { Account } from './Account.js'
import { AllWallets } from './AllWallets.js'
import { Connect } from './Connect.js'
import { ConnectingExternal } from './ConnectingExternal.js'
import { ConnectingFarcaster } from './ConnectingFarcaster.js'
import { ConnectingSocial } from './ConnectingSocial.js'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.js'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.js'
import { EmailVerifyDevice, EmailVerifyOtp } from './EmailVerify.js'
import { Networks } from './Networks.js'
import { SIWXSignMessage } from './SIWXSignMessage.js'
import { Unavailable } from './Unavailable.js'
import { UnsupportedChain } from './UnsupportedChain.js'
import { WhatIsAWallet } from './WhatIsAWallet.js'

/** The component each view renders; views this version does not provide say so. */
export const VIEWS: Partial<Record<View, ComponentType>> = {
  Connect,
  Account,
  AllWallets,
  Networks,
  UnsupportedChain,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  WhatIsAWallet,
  SIWXSignMessage,
  // The legacy sign-in view is the same view (eip155).
  ConnectingSiwe: SIWXSignMessage,
  EmailVerifyOtp,
  EmailVerifyDevice,
  ConnectingSocial,
  ConnectingFarcaster,
}

/** The component for a view. */
export function viewComponent(view: View): ComponentType {
  return VIEWS[view] ?? Unavailable
}
