import { WalletKitError } from './base.js'

/** Why a typed label is not a valid name yet. */
export type LabelProblem = 'invalid-characters' | 'too-short' | 'too-long'

/** The type of {@link InvalidNameError}. */
export type InvalidNameErrorType = InvalidNameError & { name: 'InvalidNameError' }

/** The label breaks a name rule: lowercase letters and digits only, 4 to 64 of them. */
export class InvalidNameError extends WalletKitError {
  /** Which rule the label breaks. */
  readonly problem: LabelProblem
  constructor({ label, problem }: { label: string; problem: LabelProblem }) {
    super('The value is not a valid username', {
      name: 'InvalidNameError',
      details: `Label "${label.slice(0, 80)}": ${problem}`,
    })
    this.problem = problem
  }
}

/** The type of {@link NameTakenError}. */
export type NameTakenErrorType = NameTakenError & { name: 'NameTakenError' }

/** Someone already registered the name. */
export class NameTakenError extends WalletKitError {
  constructor({ name }: { name: string }) {
    super('This name is already taken.', { name: 'NameTakenError', details: name })
  }
}

/** The type of {@link NameAlreadyOwnedError}. */
export type NameAlreadyOwnedErrorType = NameAlreadyOwnedError & { name: 'NameAlreadyOwnedError' }

/** The account already has a name of its own. */
export class NameAlreadyOwnedError extends WalletKitError {
  constructor({ name }: { name: string }) {
    super('You already own a name', { name: 'NameAlreadyOwnedError', details: name })
  }
}

/** The type of {@link NameRegistrationError}. */
export type NameRegistrationErrorType = NameRegistrationError & { name: 'NameRegistrationError' }

/** The service refused or failed the registration for another reason. */
export class NameRegistrationError extends WalletKitError {
  constructor({ name, cause }: { name: string; cause?: unknown }) {
    super(`Error registering name ${name}`, { name: 'NameRegistrationError', cause })
  }
}

/** The type of {@link NameSignatureExpiredError}. */
export type NameSignatureExpiredErrorType = NameSignatureExpiredError & {
  name: 'NameSignatureExpiredError'
}

/** The wallet signed after the names service's 10 s window had passed. */
export class NameSignatureExpiredError extends WalletKitError {
  constructor() {
    super('The signature came after the 10 seconds the names service allows. Sign again.', {
      name: 'NameSignatureExpiredError',
    })
  }
}
