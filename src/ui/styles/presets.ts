/**
 * Theme presets (`themePreset`, `data-preset` on the host): token values only, over the defaults
 * of tokens.ts. A site's own `--wk-*` values (option, `setTheme()` or its CSS) still win, since they
 * sit on the host element, outside the shadow root. Every control's radius derives from
 * `--wk-radius`, so one token sets how round a preset is.
 *
 * `contrast` keeps every text at WCAG AAA contrast (7:1) on every surface it appears on, in both
 * modes; the browser tests check it with axe's color-contrast-enhanced rule.
 */
export const presetsCss = /* css */ `
:host([data-preset='contrast']) {
  --wk-accent: #0030b0;
  --wk-accent-foreground: #ffffff;
  --wk-background: #ffffff;
  --wk-foreground: #000000;
  --wk-muted: #333333;
  --wk-border: #000000;
  --wk-overlay: rgba(0, 0, 0, 0.8);
  --wk-surface: #f2f2f2;
  --wk-surface-hover: #e0e0e0;
  --wk-danger: #9b0000;
  --wk-success: #005c20;
}
:host([data-preset='contrast'][data-theme='dark']) {
  --wk-accent: #9fb7ff;
  --wk-accent-foreground: #000000;
  --wk-background: #000000;
  --wk-foreground: #ffffff;
  --wk-muted: #d4d4d4;
  --wk-border: #ffffff;
  --wk-overlay: rgba(0, 0, 0, 0.85);
  --wk-surface: #141414;
  --wk-surface-hover: #262626;
  --wk-danger: #ff9e9e;
  --wk-success: #7fe0a0;
}
:host([data-preset='minimal']) {
  --wk-accent: #16181d;
  --wk-accent-foreground: #ffffff;
  --wk-border: #eceef2;
  --wk-surface: #f7f8fa;
  --wk-surface-hover: #eef0f4;
  --wk-radius: 8px;
}
:host([data-preset='minimal'][data-theme='dark']) {
  --wk-accent: #eef0f4;
  --wk-accent-foreground: #15171c;
  --wk-border: #23262d;
  --wk-surface: #1b1d23;
  --wk-surface-hover: #23262d;
}
:host([data-preset='rounded']) {
  --wk-radius: 28px;
}
`
