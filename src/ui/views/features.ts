import type { ComponentType } from 'react'
import type { View } from '../../core/types/view.js'
import { ApproveTransaction } from './ApproveTransaction.js'
import { ConnectingFarcaster } from './ConnectingFarcaster.js'
import { ConnectingSocial } from './ConnectingSocial.js'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.js'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.js'
import { EmailVerifyDevice, EmailVerifyOtp } from './EmailVerify.js'
import { OnRamp } from './OnRamp.js'
import { Receive } from './Receive.js'
import { RegisterName } from './RegisterName.js'
import { Send } from './Send.js'
import { SIWXSignMessage } from './SIWXSignMessage.js'
import { SmartSessions } from './SmartSessions.js'
import { Swap } from './Swap.js'
import { SwapPreview } from './SwapPreview.js'
import { Transactions } from './Transactions.js'

// The QR encoder comes with the views that draw a code; the idle warm-up reaches it here.
export { prepareQrCode } from '../components/QrCode.js'

/**
 * The views of the optional features (swap, buying, names, sign-in, send and receive, activity,
 * smart sessions, the login's steps, WalletConnect's QR code). This module is evaluated on first use, not at load
 * (`featureViews()` in index.ts).
 */
export const FEATURE_VIEWS: Partial<Record<View, ComponentType>> = {
  OnRamp,
  RegisterName,
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
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
}
