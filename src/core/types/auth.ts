import type { Connector } from './connector.js'
import type { SocialProvider } from './options.js'

/** The two kinds of eip155 account an embedded wallet has (SPEC §6). */
export type AuthAccountType = 'eoa' | 'smartAccount'

/** How a visitor signed in to the embedded wallet. */
export type LoginMethod = 'email' | SocialProvider

/** The signed-in visitor, as the login frame describes them. */
export type AuthUser = {
  /** The address in use: the account of `preferredAccountType`. */
  address: string
  /** The network the frame is on. */
  chainId: number
  /** Both accounts of the visitor, each with its type. */
  accounts: readonly { address: string; type: AuthAccountType }[]
  preferredAccountType: AuthAccountType
  method: LoginMethod
  email?: string | undefined
  /** The handle of a social account (e.g. `@alice`). */
  username?: string | undefined
}

/** What the first step of an email login asks next. */
export type EmailAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

/** An open social login popup. */
export type SocialPopup = {
  /** Resolves with the redirect result the consent page posted back (only from the frame's origin). */
  result: Promise<string>
  /** Sends the popup to the provider's consent page. */
  navigate(uri: string): void
  /** Closes the popup and stops listening. */
  close(): void
}

/**
 * The Auth connector as the login flow uses it (a narrow port): the login steps the frame offers,
 * beside the connector contract every connector shares.
 */
export type AuthPort = Connector & {
  readonly type: 'AUTH'
  /** Mounts the frame (once) so it is ready when the visitor gets to it. */
  prepare(): void
  connectEmail(email: string): Promise<EmailAction>
  /** Resolves once the visitor approved this device from the link in their email. */
  connectDevice(): Promise<void>
  connectOtp(otp: string): Promise<void>
  /** Opens the social popup; must run inside the visitor's click, before any await. */
  openSocialPopup(): SocialPopup
  getSocialRedirectUri(provider: SocialProvider): Promise<string>
  connectSocial(resultUri: string): Promise<void>
  getFarcasterUri(): Promise<string>
  /** One poll: true once the visitor approved on Farcaster. */
  pollFarcaster(): Promise<boolean>
  /** Switches between the smart account and the EOA; resolves with the address now in use. */
  setPreferredAccountType(type: AuthAccountType): Promise<string>
  /** Abandons what the frame was doing (a Farcaster channel) and starts it over. */
  reload(): void
}
