/**
 * Theme tokens on `:host`: light defaults, dark overrides. Sites override any `--wk-*` token.
 * Every text keeps WCAG AA contrast on every background it meets (the pairs of
 * test/unit/ui/styles-contrast.test.ts): the dark accent is light enough to be read as a link on
 * the dark card, so the text on it is dark (white on #6f8bff would be 3.1:1).
 */
export const tokensCss = /* css */ `
:host {
  all: initial !important;
  display: contents !important;
  visibility: visible !important;
  --wk-accent: #3b5bfd;
  --wk-accent-foreground: #ffffff;
  --wk-background: #ffffff;
  --wk-foreground: #16181d;
  --wk-muted: #5f6673;
  --wk-border: #e3e6ec;
  --wk-overlay: rgba(10, 12, 18, 0.55);
  --wk-surface: #f3f5f8;
  --wk-surface-hover: #e9ecf2;
  --wk-danger: #c62828;
  --wk-success: #1b7f3b;
  --wk-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --wk-font-size: 16px;
  --wk-radius: 16px;
  --wk-z-index: 2147483000;
}
:host([data-theme='dark']) {
  --wk-accent: #6f8bff;
  --wk-accent-foreground: #0c0e16;
  --wk-background: #15171c;
  --wk-foreground: #eef0f4;
  --wk-muted: #a3a9b6;
  --wk-border: #2a2e37;
  --wk-overlay: rgba(0, 0, 0, 0.7);
  --wk-surface: #1f2229;
  --wk-surface-hover: #282c35;
  --wk-danger: #ff7a7a;
  --wk-success: #5fd08a;
}
`
