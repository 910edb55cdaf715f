import { accountCss } from './account.js'
import { authCss } from './auth.js'
import { embedCss } from './embed.js'
import { historyCss } from './history.js'
import { modalCss } from './modal.js'
import { onrampCss } from './onramp.js'
import { presetsCss } from './presets.js'
import { swapCss } from './swap.js'
import { tokensCss } from './tokens.js'
import { walletConnectCss } from './walletconnect.js'
import { walletsCss } from './wallets.js'

/** Every rule of the modal's shadow root, in cascade order. */
export const modalStyles: readonly string[] = [
  tokensCss,
  presetsCss,
  modalCss,
  embedCss,
  walletsCss,
  accountCss,
  walletConnectCss,
  swapCss,
  onrampCss,
  historyCss,
  authCss,
]
