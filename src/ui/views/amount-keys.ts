import type { KeyboardEvent } from 'react'
import { numericKey, sanitizeAmount } from '../../core/utils/numeric-input.js'

/**
 * What an amount field (Send's, Swap's) does with what the visitor types: SPEC §5's keys one by
 * one, and text that arrives whole (a paste, an autofill) cleaned by the same rules, so
 * '12 ETH' pasted is 12.
 *
 * @param set - Takes the amount the field shows next.
 * @returns The field's `onKeyDown`, and `onText` for the field's whole text on change.
 */
export function amountInput(set: (value: string) => void) {
  return {
    onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      const input = event.currentTarget
      const result = numericKey(event, {
        value: input.value,
        selectionStart: input.selectionStart ?? input.value.length,
        selectionEnd: input.selectionEnd ?? input.value.length,
      })
      if (result.action === 'allow') return
      event.preventDefault()
      if (result.action === 'block') return
      input.value = result.value
      input.setSelectionRange(result.caret, result.caret)
      set(result.value)
    },
    onText: (text: string) => set(sanitizeAmount(text)),
  }
}
