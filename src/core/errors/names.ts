import { errorClass, WalletKitError } from './base.js'

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
export const NameSignatureExpiredError = errorClass(
  'NameSignatureExpiredError',
  'The signature came after the 10 seconds the names service allows. Sign again.',
)
/** The type of {@link NameSignatureExpiredError}. */
export type NameSignatureExpiredError = InstanceType<typeof NameSignatureExpiredError>

/** The type of {@link NameMismatchError}. */
export type NameMismatchErrorType = NameMismatchError & { name: 'NameMismatchError' }

/**
 * The names service answered a registration with a record of another name than the one asked
 * for, or one that does not resolve to the account on its chain: nothing is shown as registered.
 */
export class NameMismatchError extends WalletKitError {
  constructor({ name, answered }: { name: string; answered: string }) {
    super('The names service did not register the name you asked for.', {
      name: 'NameMismatchError',
      details: `Asked for ${name}, the service answered ${answered.slice(0, 300)}`,
    })
  }
}

/** Why ENSIP-15 refuses a name (each has its own text for visitors). */
export type EnsNameProblem =
  | 'disallowed'
  | 'empty-label'
  | 'underscore'
  | 'hyphens'
  | 'combining-mark'
  | 'fenced'
  | 'mixed-scripts'
  | 'marks'
  | 'confusable'

/** The type of {@link InvalidEnsNameError}. */
export type InvalidEnsNameErrorType = InvalidEnsNameError & { name: 'InvalidEnsNameError' }

/**
 * ENS name normalisation (ENSIP-15) refuses the name: a character names cannot use, scripts mixed
 * in one label, a whole-script look-alike, a misplaced mark, hyphen, underscore or fenced sign.
 */
export class InvalidEnsNameError extends WalletKitError {
  /** Which rule the name breaks. */
  readonly problem: EnsNameProblem
  /** What it concerns, for the visitor: a character (`“ä” U+00E4`) or scripts (`Latin + Greek`). */
  readonly subject: string
  constructor({ problem, subject = '' }: { problem: EnsNameProblem; subject?: string }) {
    super('This name cannot be used.', {
      name: 'InvalidEnsNameError',
      details: subject ? `${problem}: ${subject}` : problem,
      docsPath: 'docs/onramp-and-names.md',
    })
    this.problem = problem
    this.subject = subject
  }
}

/** The type of {@link EnsTablesError}. */
export type EnsTablesErrorType = EnsTablesError & { name: 'EnsTablesError' }

/**
 * The ENSIP-15 pack (the tables a name outside a–z, 0–9 and hyphen is checked against) could not be
 * loaded, or its sha384 is not the one built into walletkit.js. Names in that simple alphabet and
 * addresses still work.
 */
export class EnsTablesError extends WalletKitError {
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Names with these characters cannot be checked right now.', {
      name: 'EnsTablesError',
      cause,
      docsPath: 'docs/data-packs.md',
    })
  }
}
