import { computed, type ReadonlySignal, signal } from '@preact/signals-core'
import type { ThemeMode, ThemePreset, ThemeVariables } from './types/options.js'

/** The theme tokens WalletKit reads, with what each value may be. */
export const THEME_TOKENS = {
  '--wk-accent': 'color',
  '--wk-accent-foreground': 'color',
  '--wk-background': 'color',
  '--wk-foreground': 'color',
  '--wk-muted': 'color',
  '--wk-border': 'color',
  '--wk-overlay': 'color',
  '--wk-font-family': 'font',
  '--wk-font-size': 'length',
  '--wk-radius': 'length',
  '--wk-z-index': 'integer',
} as const

/** A theme token name. */
export type ThemeToken = keyof typeof THEME_TOKENS

const PATTERNS = {
  color:
    /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|oklch|color-mix)\([-0-9a-zA-Z.,%\s/#()]{1,80}\)|[a-zA-Z]{3,20})$/,
  font: /^[-a-zA-Z0-9 ,'"]{1,120}$/,
  length: /^(0|\d{1,3}(\.\d{1,3})?(px|em|%))$/,
  integer: /^-?\d{1,10}$/,
} as const

/**
 * Keeps only known `--wk-*` tokens whose values match their kind, so nothing a site passes can
 * break out of a declaration (no `;`, braces, `url()`, comments or escapes).
 *
 * @returns The accepted tokens and the names that were dropped.
 */
export function sanitizeThemeVariables(variables: ThemeVariables): {
  accepted: Partial<Record<ThemeToken, string>>
  rejected: string[]
} {
  const accepted: Partial<Record<ThemeToken, string>> = {}
  const rejected: string[] = []
  for (const [name, raw] of Object.entries(variables)) {
    const kind = Object.hasOwn(THEME_TOKENS, name) ? THEME_TOKENS[name as ThemeToken] : undefined
    const value = typeof raw === 'number' ? (kind === 'length' ? `${raw}px` : String(raw)) : raw
    // url() is refused even nested inside a colour function, where the pattern's inner set allows it.
    if (
      kind &&
      typeof value === 'string' &&
      PATTERNS[kind].test(value.trim()) &&
      !/url\(/i.test(value)
    )
      accepted[name as ThemeToken] = value.trim()
    else rejected.push(name)
  }
  return { accepted, rejected }
}

/** The theme controller. */
export type Theme = ReturnType<typeof createTheme>

/**
 * Creates the theme controller: mode (light, dark, system), preset and sanitised variables;
 * `system` follows `prefers-color-scheme` live.
 */
export function createTheme(parameters: {
  mode: ThemeMode
  variables: ThemeVariables
  preset?: ThemePreset | undefined
  matchMedia?: ((query: string) => MediaQueryList) | undefined
}) {
  const mode = signal<ThemeMode>(parameters.mode)
  const preset = signal<ThemePreset>(parameters.preset ?? 'default')
  const variables = signal(sanitizeThemeVariables(parameters.variables).accepted)
  const query = parameters.matchMedia?.('(prefers-color-scheme: dark)')
  const systemDark = signal(query?.matches ?? false)
  const onChange = (event: MediaQueryListEvent) => {
    systemDark.value = event.matches
  }
  query?.addEventListener?.('change', onChange)
  const resolved = computed<'light' | 'dark'>(() =>
    mode.value === 'system' ? (systemDark.value ? 'dark' : 'light') : mode.value,
  )
  return {
    /** The chosen mode. */
    mode: mode as ReadonlySignal<ThemeMode>,
    /** The chosen preset. */
    preset: preset as ReadonlySignal<ThemePreset>,
    /** Light or dark, after following the system. */
    resolved,
    /** The accepted tokens. */
    variables: variables as ReadonlySignal<Partial<Record<ThemeToken, string>>>,
    /** Changes mode, preset and/or variables; returns the token names that were rejected. */
    set(next: {
      mode?: ThemeMode | undefined
      preset?: ThemePreset | undefined
      variables?: ThemeVariables | undefined
    }): string[] {
      if (next.mode) mode.value = next.mode
      if (next.preset) preset.value = next.preset
      if (!next.variables) return []
      const { accepted, rejected } = sanitizeThemeVariables(next.variables)
      variables.value = { ...variables.value, ...accepted }
      return rejected
    },
    destroy() {
      query?.removeEventListener?.('change', onChange)
    },
  }
}
