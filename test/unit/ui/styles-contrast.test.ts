import { expect, test } from 'vitest'
import { THEME_PRESETS } from '../../../src/core/presets.js'
import type { ThemePreset } from '../../../src/core/types/options.js'
import { presetsCss } from '../../../src/ui/styles/presets.js'
import { tokensCss } from '../../../src/ui/styles/tokens.js'

type Mode = 'light' | 'dark'

/** The `--wk-*` declarations of every `:host(…)` block of `css`, by selector. */
function blocks(css: string): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>()
  for (const [, selector = '', body = ''] of css.matchAll(/(:host[^{]*)\{([^}]*)\}/g)) {
    const tokens: Record<string, string> = {}
    for (const [, name = '', value = ''] of body.matchAll(/(--wk-[\w-]+)\s*:\s*([^;]+);/g))
      tokens[name] = value.trim()
    found.set(selector.trim(), { ...found.get(selector.trim()), ...tokens })
  }
  return found
}

/**
 * The token values of `preset` in `mode`, as the cascade gives them: the defaults, the dark
 * defaults, then the preset and its dark values (same specificity as the defaults, later in the
 * sheet, so a preset's light value also applies in dark unless the preset's dark block sets it).
 */
function tokensOf(preset: ThemePreset, mode: Mode): Record<string, string> {
  const all = blocks(tokensCss + presetsCss)
  const dark = mode === 'dark'
  const p = `[data-preset='${preset}']`
  return {
    ...all.get(':host'),
    ...(dark ? all.get(":host([data-theme='dark'])") : {}),
    ...all.get(`:host(${p})`),
    ...(dark ? all.get(`:host(${p}[data-theme='dark'])`) : {}),
  }
}

/** Relative luminance of a `#rgb` or `#rrggbb` colour (WCAG 2.x). */
function luminance(hex: string): number {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not an opaque hex colour: ${hex}`)
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * Every text colour the views put on every background it meets, as token pairs [text, background]:
 * the text colours on the card and its surfaces (rows, fields and hovered rows), the main button,
 * links (Max, Show address) on the card and on surfaces, errors, warnings, the success texts and
 * tags, and the toasts (the card's colour on danger, success and foreground).
 */
const TEXT_PAIRS: readonly (readonly [string, string])[] = [
  ...['foreground', 'muted'].flatMap((text) =>
    ['background', 'surface', 'surface-hover'].map((bg) => [text, bg] as const),
  ),
  ['accent-foreground', 'accent'],
  ...['accent', 'danger', 'success'].flatMap((text) =>
    ['background', 'surface'].map((bg) => [text, bg] as const),
  ),
  ['background', 'danger'],
  ['background', 'success'],
  ['background', 'foreground'],
]

/** Each pair below `minimum` in `preset` and `mode`, as `text on background: ratio`. */
function failures(preset: ThemePreset, mode: Mode, minimum: number): string[] {
  const tokens = tokensOf(preset, mode)
  return TEXT_PAIRS.flatMap(([text, bg]) => {
    const ratio = contrast(tokens[`--wk-${text}`] ?? '', tokens[`--wk-${bg}`] ?? '')
    return ratio >= minimum ? [] : [`${text} on ${bg}: ${ratio.toFixed(2)}`]
  })
}

test.each(THEME_PRESETS.flatMap((preset) => (['light', 'dark'] as const).map((m) => [preset, m])))(
  'default: every text pair of %s (%s) meets WCAG AA (4.5:1)',
  (preset, mode) => {
    expect(failures(preset as ThemePreset, mode as Mode, 4.5)).toEqual([])
  },
)

test.each(['light', 'dark'] as const)(
  'default: the contrast preset keeps every pair at WCAG AAA (7:1) in %s',
  (mode) => {
    expect(failures('contrast', mode, 7)).toEqual([])
  },
)

test('behavior: the check reads the cascade and catches a pair below AA', () => {
  // The dark default's main button, as it was: white on #6f8bff.
  expect(contrast('#ffffff', '#6f8bff')).toBeCloseTo(3.08, 2)
  expect(contrast('#000000', '#ffffff')).toBe(21)
  // A preset's light value reaches dark mode unless its dark block sets it again.
  const dark = tokensOf('minimal', 'dark')
  expect(dark['--wk-radius']).toBe('8px')
  expect(dark['--wk-background']).toBe(tokensOf('default', 'dark')['--wk-background'])
  const broken = blocks(':host { --wk-accent: #6f8bff; --wk-accent-foreground: #ffffff; }')
  const tokens = broken.get(':host') ?? {}
  expect(
    contrast(tokens['--wk-accent-foreground'] ?? '', tokens['--wk-accent'] ?? ''),
  ).toBeLessThan(4.5)
})
