import { expect, test, vi } from 'vitest'
import { createTheme, sanitizeThemeVariables, THEME_TOKENS } from '../../../src/core/theme.js'
import type { ThemeVariables } from '../../../src/core/types/options.js'

/** A MediaQueryList stand-in whose `matches` the test flips. */
function fakeMatchMedia(initial: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>()
  const list = {
    matches: initial,
    media: '(prefers-color-scheme: dark)',
    addEventListener: vi.fn((_: string, fn: (event: MediaQueryListEvent) => void) => {
      listeners.add(fn)
    }),
    removeEventListener: vi.fn((_: string, fn: (event: MediaQueryListEvent) => void) => {
      listeners.delete(fn)
    }),
  }
  const matchMedia = vi.fn((_query: string) => list as unknown as MediaQueryList)
  const change = (matches: boolean) => {
    list.matches = matches
    for (const fn of listeners) fn({ matches } as MediaQueryListEvent)
  }
  return { matchMedia, change, list, listeners }
}

test('default', () => {
  const theme = createTheme({ mode: 'system', variables: {} })
  expect(theme.mode.value).toBe('system')
  expect(theme.resolved.value).toBe('light')
  expect(theme.variables.value).toEqual({})
  expect(Object.keys(THEME_TOKENS)).toMatchInlineSnapshot(`
    [
      "--wk-accent",
      "--wk-accent-foreground",
      "--wk-background",
      "--wk-foreground",
      "--wk-muted",
      "--wk-border",
      "--wk-overlay",
      "--wk-font-family",
      "--wk-font-size",
      "--wk-radius",
      "--wk-z-index",
    ]
  `)
})

test('args: valid values of each kind are kept', () => {
  const input: ThemeVariables = {
    '--wk-accent': '#3b99fc',
    '--wk-accent-foreground': 'rgb(255 255 255 / 90%)',
    '--wk-background': 'hsl(220, 20%, 10%)',
    '--wk-foreground': 'white',
    '--wk-border': 'color-mix(in srgb, #000 10%, transparent)',
    '--wk-font-family': `'Inter', system-ui, sans-serif`,
    '--wk-font-size': '1.5em',
    '--wk-radius': '12px',
    '--wk-z-index': '2147483647',
  }
  const { accepted, rejected } = sanitizeThemeVariables(input)
  expect(rejected).toEqual([])
  expect(accepted).toEqual(input)
})

test('args: numbers become px for lengths and stay bare for integers', () => {
  expect(
    sanitizeThemeVariables({ '--wk-radius': 8, '--wk-font-size': 14.5, '--wk-z-index': 999 })
      .accepted,
  ).toEqual({ '--wk-radius': '8px', '--wk-font-size': '14.5px', '--wk-z-index': '999' })
  expect(sanitizeThemeVariables({ '--wk-radius': 0 }).accepted).toEqual({ '--wk-radius': '0px' })
})

test('behavior: values are trimmed', () => {
  expect(sanitizeThemeVariables({ '--wk-radius': '  4px ' }).accepted).toEqual({
    '--wk-radius': '4px',
  })
})

test('behavior: values that could leave the declaration are rejected', () => {
  const hostile: [string, string][] = [
    ['--wk-accent', 'red; background: url(https://evil.example/x)'],
    ['--wk-accent', 'red}:host{display:none'],
    ['--wk-background', 'url(https://evil.example/x.png)'],
    ['--wk-background', 'rgb(url(//evil.example/x))'],
    ['--wk-background', 'rgb(0 0 0 /* comment */)'],
    ['--wk-foreground', 'red/**/'],
    ['--wk-foreground', '\\72 ed'],
    ['--wk-font-family', 'Inter; color: red'],
    ['--wk-font-family', 'Inter}'],
    ['--wk-font-family', 'Inter /* x */'],
    ['--wk-radius', '4px;'],
    ['--wk-radius', 'calc(100% - url(x))'],
    ['--wk-z-index', '1;'],
  ]
  for (const [name, value] of hostile) {
    const { accepted, rejected } = sanitizeThemeVariables({ [name]: value })
    expect(accepted, `${name}: ${value}`).toEqual({})
    expect(rejected, `${name}: ${value}`).toEqual([name])
  }
})

test('behavior: values of the wrong kind are rejected', () => {
  const { accepted, rejected } = sanitizeThemeVariables({
    '--wk-radius': 'red',
    '--wk-font-size': '-4px',
    '--wk-z-index': '1.5',
    '--wk-accent': 12,
    '--wk-radius-big': 1000,
  } as ThemeVariables)
  expect(accepted).toEqual({})
  expect(rejected.sort()).toEqual([
    '--wk-accent',
    '--wk-font-size',
    '--wk-radius',
    '--wk-radius-big',
    '--wk-z-index',
  ])
  expect(sanitizeThemeVariables({ '--wk-radius': 1000 }).rejected).toEqual(['--wk-radius'])
  expect(sanitizeThemeVariables({ '--wk-z-index': Number.NaN }).rejected).toEqual(['--wk-z-index'])
})

test('behavior: unknown tokens are rejected, including Object.prototype names', () => {
  const input = JSON.parse('{"--wk-unknown":"red","constructor":"red","__proto__":"red"}')
  const { accepted, rejected } = sanitizeThemeVariables(input)
  expect(accepted).toEqual({})
  expect(rejected.sort()).toEqual(['--wk-unknown', '__proto__', 'constructor'])
})

test('behavior: light and dark modes resolve to themselves', () => {
  const { matchMedia } = fakeMatchMedia(true)
  expect(createTheme({ mode: 'light', variables: {}, matchMedia }).resolved.value).toBe('light')
  expect(createTheme({ mode: 'dark', variables: {}, matchMedia: undefined }).resolved.value).toBe(
    'dark',
  )
})

test('behavior: system follows prefers-color-scheme and its changes', () => {
  const media = fakeMatchMedia(true)
  const theme = createTheme({ mode: 'system', variables: {}, matchMedia: media.matchMedia })
  expect(media.matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)')
  expect(theme.resolved.value).toBe('dark')
  media.change(false)
  expect(theme.resolved.value).toBe('light')
  media.change(true)
  expect(theme.resolved.value).toBe('dark')
})

test('behavior: a fixed mode ignores the system until set back to system', () => {
  const media = fakeMatchMedia(false)
  const theme = createTheme({ mode: 'light', variables: {}, matchMedia: media.matchMedia })
  media.change(true)
  expect(theme.resolved.value).toBe('light')
  theme.set({ mode: 'system' })
  expect(theme.mode.value).toBe('system')
  expect(theme.resolved.value).toBe('dark')
})

test('behavior: set merges accepted variables and reports the rejected', () => {
  const theme = createTheme({ mode: 'dark', variables: { '--wk-accent': 'red' } })
  expect(theme.variables.value).toEqual({ '--wk-accent': 'red' })
  const rejected = theme.set({ variables: { '--wk-radius': 6, '--wk-background': 'url(x)' } })
  expect(rejected).toEqual(['--wk-background'])
  expect(theme.variables.value).toEqual({ '--wk-accent': 'red', '--wk-radius': '6px' })
  expect(theme.set({ mode: 'light' })).toEqual([])
  expect(theme.resolved.value).toBe('light')
})

test('behavior: the initial variables are sanitised too', () => {
  const theme = createTheme({
    mode: 'dark',
    variables: { '--wk-accent': 'red;}', '--wk-radius': '2px' },
  })
  expect(theme.variables.value).toEqual({ '--wk-radius': '2px' })
})

test('behavior: destroy stops following the system', () => {
  const media = fakeMatchMedia(false)
  const theme = createTheme({ mode: 'system', variables: {}, matchMedia: media.matchMedia })
  theme.destroy()
  expect(media.listeners.size).toBe(0)
  media.change(true)
  expect(theme.resolved.value).toBe('light')
})

test('behavior: the preset is default unless given, and set() changes it alone', () => {
  expect(createTheme({ mode: 'light', variables: {} }).preset.value).toBe('default')
  const theme = createTheme({ mode: 'light', variables: { '--wk-radius': 4 }, preset: 'minimal' })
  expect(theme.preset.value).toBe('minimal')
  theme.set({ preset: 'contrast' })
  expect(theme.preset.value).toBe('contrast')
  expect(theme.mode.value).toBe('light')
  expect(theme.variables.value).toEqual({ '--wk-radius': '4px' })
})
