import type { ThemePreset } from './types/options.js'

/** One key per preset, so a preset added to the type and not here fails to compile. */
const PRESETS: Record<ThemePreset, true> = {
  default: true,
  contrast: true,
  minimal: true,
  rounded: true,
}

/**
 * The presets `themePreset` accepts. Their token values live with the modal's CSS
 * (`ui/styles/presets.ts`); this list is apart so that checking options loads nothing else.
 */
export const THEME_PRESETS = Object.freeze(Object.keys(PRESETS) as ThemePreset[])
