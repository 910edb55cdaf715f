/**
 * Theme presets (`themePreset`, `data-preset` on the host): token values only, over the defaults
 * of tokens.ts. A site's own `--wk-*` values (option, `setTheme()` or its CSS) still win, since they
 * sit on the host element, outside the shadow root. Every control's radius derives from
 * `--wk-radius`, so one token sets how round a preset is.
 *
 * `contrast` keeps every text at WCAG AAA contrast (7:1) on every surface it appears on, in both
 * modes; every preset keeps WCAG AA (test/unit/ui/styles-contrast.test.ts checks the token pairs,
 * test/e2e/contrast.test.ts the rendered views).
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
  --wk-border: #e4e6eb;
  --wk-surface: #f7f8fa;
  --wk-surface-hover: #eef0f4;
  --wk-success: #16181d;
  --wk-radius: 8px;
}
:host([data-preset='minimal'][data-theme='dark']) {
  --wk-accent: #eef0f4;
  --wk-accent-foreground: #15171c;
  --wk-border: #2a2d35;
  --wk-surface: #1b1d23;
  --wk-surface-hover: #23262d;
  --wk-success: #eef0f4;
}
/* Minimal is monochrome: the kit's own colours too (avatars, the social marks); the wallets' and
   tokens' images keep theirs, by which a visitor recognises them. */
:host([data-preset='minimal']) .wk-avatar, :host([data-preset='minimal']) .wk-socials svg { filter: grayscale(1); }
:host([data-preset='minimal']) .wk-card { box-shadow: none; }
:host([data-preset='rounded']) {
  --wk-radius: 28px;
}
`
