import { accountCss } from './account.js'
import { authCss } from './auth.js'
import { modalCss } from './modal.js'
import { tokensCss } from './tokens.js'
import { walletConnectCss } from './walletconnect.js'
import { walletsCss } from './wallets.js'

/** Every rule of the modal's shadow root, in cascade order. */
export const modalStyles: readonly string[] = [
  tokensCss,
  modalCss,
  walletsCss,
  accountCss,
  walletConnectCss,
  authCss,
]
