import {
  NAME_LABEL_MAX_CHARS,
  NAME_LABEL_MIN_CHARS,
  NAME_SUFFIX,
  NAME_SUFFIX_LEGACY,
} from '../constants.js'
import type { LabelProblem } from '../errors/names.js'

/** The zone names are registered in: the current suffix without its dot. */
export const NAME_ZONE = NAME_SUFFIX.slice(1)

/** True for a name of the product: the current suffix or the legacy one (SPEC §5). */
export function isProductName(name: string | undefined): name is string {
  const lower = name?.toLowerCase()
  return !!lower && (lower.endsWith(NAME_SUFFIX) || lower.endsWith(NAME_SUFFIX_LEGACY))
}

/** A label as typed, normalised, and the first rule it breaks (none when it is valid). */
export type LabelCheck = { label: string; problem: LabelProblem | undefined }

/**
 * Normalises a typed label and checks it against the name rules: lowercase letters and digits,
 * NAME_LABEL_MIN_CHARS to NAME_LABEL_MAX_CHARS of them.
 *
 * Normalisation is ENSIP-15's for this alphabet: ASCII capitals fold to lowercase, and ENSIP-15
 * leaves lowercase ASCII letters and digits as they are. Anything else is refused rather than
 * mapped, so the kit never registers a name the visitor did not type (see docs/onramp-and-names.md).
 *
 * @example
 * checkLabel('Alice') // { label: 'alice', problem: undefined }
 * checkLabel('al')    // { label: 'al', problem: 'too-short' }
 */
export function checkLabel(input: string): LabelCheck {
  const label = input.replace(/[A-Z]+/g, (caps) => caps.toLowerCase())
  const problem = !/^[a-z0-9]*$/.test(label)
    ? 'invalid-characters'
    : label.length < NAME_LABEL_MIN_CHARS
      ? 'too-short'
      : label.length > NAME_LABEL_MAX_CHARS
        ? 'too-long'
        : undefined
  return { label, problem }
}

/** The full name of a valid label in the current zone, e.g. `alice.reown.id`. */
export function nameOf(label: string): string {
  return `${label}${NAME_SUFFIX}`
}
