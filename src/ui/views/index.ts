import type { ComponentType } from 'react'
import type { View } from '../../core/types/view.js'
import { Account } from './Account.js'
import { AllWallets } from './AllWallets.js'
import { ApproveTransaction } from './ApproveTransaction.js'
import { Connect } from './Connect.js'
import { ConnectingExternal } from './ConnectingExternal.js'
import { ConnectingFarcaster } from './ConnectingFarcaster.js'
import { ConnectingSocial } from './ConnectingSocial.js'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.js'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.js'
import { EmailVerifyDevice, EmailVerifyOtp } from './EmailVerify.js'
import { Networks } from './Networks.js'
import { OnRamp } from './OnRamp.js'
import { Receive } from './Receive.js'
import { RegisterName } from './RegisterName.js'
import { Send } from './Send.js'
import { SIWXSignMessage } from './SIWXSignMessage.js'
import { SmartSessions } from './SmartSessions.js'
import { Swap } from './Swap.js'
import { SwapPreview } from './SwapPreview.js'
import { Transactions } from './Transactions.js'
import { Unavailable } from './Unavailable.js'
import { UnsupportedChain } from './UnsupportedChain.js'
import { WhatIsAWallet } from './WhatIsAWallet.js'

/** The component each view renders; views this version does not provide say so. */
export const VIEWS: Partial<Record<View, ComponentType>> = {
  Connect,
  ConnectWallets: Connect,
  Account,
  AllWallets,
  Networks,
  OnRamp,
  RegisterName,
  UnsupportedChain,
  ConnectingExternal,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  WhatIsAWallet,
  SIWXSignMessage,
  Send,
  Receive,
  Transactions,
  SmartSessions,
  // The legacy sign-in view is the same view (eip155).
  ConnectingSiwe: SIWXSignMessage,
  Swap,
  SwapPreview,
  ApproveTransaction,
  EmailVerifyOtp,
  EmailVerifyDevice,
  ConnectingSocial,
  ConnectingFarcaster,
}

/** The component for a view. */
export function viewComponent(view: View): ComponentType {
  return VIEWS[view] ?? Unavailable
}
