import type { KeyboardEvent } from 'react'

const NAVIGATION = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
])

/**
 * SPEC §5's numeric keys for the amount paid: digits, one separator, navigation, copy and paste;
 * a leading separator becomes '0.', a leading 0 gives way to the next digit.
 */
export function useSwapAmountKeys() {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event
    const input = event.currentTarget
    if (NAVIGATION.has(key)) return
    if ((event.ctrlKey || event.metaKey) && /^[acvxz]$/i.test(key)) return
    const value = input.value
    const set = (next: string) => {
      event.preventDefault()
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
      setter?.call(input, next)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    if (key === '.' || key === ',') {
      if (/[.,]/.test(value)) return event.preventDefault()
      if (value === '') return set('0.')
      return
    }
    if (/^\d$/.test(key)) {
      if (value === '0' && input.selectionStart === 1) return set(key)
      return
    }
    event.preventDefault()
  }
}
