import { expect, test } from 'vitest'
import { modalCss } from '../../../../src/ui/styles/modal.js'

/** Selectors of the rules that declare a finite `animation` (an entrance or a shake). */
function animated(css: string): string[] {
  const outside = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@media \(prefers-reduced-motion: reduce\) \{[\s\S]*?\n\}/, '')
  return [...outside.matchAll(/([^{}]+)\{[^}]*\banimation:\s*(?!none)[^;}]*/g)]
    .filter((m) => !/infinite/.test(m[0]))
    .flatMap((m) => (m[1] ?? '').split(',').map((s) => s.trim()))
}

test('behavior: prefers-reduced-motion turns off every entrance and shake the modal has', () => {
  const still =
    /@media \(prefers-reduced-motion: reduce\) \{\s*([^{]+)\{ animation: none !important; \}/.exec(
      modalCss,
    )?.[1]
  const off = (still ?? '').split(',').map((s) => s.trim())
  expect(animated(modalCss)).toContain('.wk-toast')
  for (const selector of animated(modalCss)) expect(off, selector).toContain(selector)
})

test("behavior: the closed dialog's warm layout declares nothing its content inherits", () => {
  const rule = /dialog\.wk-dialog\[data-warm\]:not\(\[open\]\) \{([^}]*)\}/.exec(modalCss)?.[1]
  const declared = (rule ?? '')
    .split(';')
    .map((d) => d.split(':')[0]?.trim())
    .filter(Boolean)
  // Displayed like the open dialog; hidden by a property no descendant inherits.
  expect(declared).toEqual(['display', 'opacity'])
})
