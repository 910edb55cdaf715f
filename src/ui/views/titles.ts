import type { View } from '../../core/types/view.js'
import type { MessageKey } from '../i18n/index.js'

/** The title of each view (`{name}`: the wallet being connected). A view without one does not compile. */
export const VIEW_TITLES: Readonly<Record<View, MessageKey>> = {
  Connect: 'view.Connect',
  ConnectWallets: 'view.ConnectWallets',
  Account: 'view.Account',
  ConnectingWalletConnectBasic: 'view.ConnectingWalletConnectBasic',
  UnsupportedChain: 'view.UnsupportedChain',
  SIWXSignMessage: 'view.SIWXSignMessage',
  ApproveTransaction: 'view.ApproveTransaction',
  ConnectingSiwe: 'view.ConnectingSiwe',
  ConnectingFarcaster: 'view.ConnectingFarcaster',
  AllWallets: 'view.AllWallets',
  ConnectingExternal: 'view.ConnectingExternal',
  ConnectingWalletConnect: 'view.ConnectingWalletConnect',
  Networks: 'view.Networks',
  Swap: 'view.Swap',
  SwapPreview: 'view.SwapPreview',
  OnRamp: 'view.OnRamp',
  Transactions: 'view.Transactions',
  Send: 'view.Send',
  Receive: 'view.Receive',
  RegisterName: 'view.RegisterName',
  SmartSessions: 'view.SmartSessions',
  WhatIsAWallet: 'view.WhatIsAWallet',
  EmailVerifyOtp: 'view.EmailVerifyOtp',
  EmailVerifyDevice: 'view.EmailVerifyDevice',
  ConnectingSocial: 'view.ConnectingSocial',
}
