/** The dialog, its card, header, toasts and the shared primitives. Units are px: a host page's root font size never reaches us. */
export const modalCss = /* css */ `
* { box-sizing: border-box; }
/* An isolated name or value (dir=auto) is still placed as the UI reads: in Arabic an English wallet
   name sits beside its icon, not across the row. Chromium knows the value only with its prefix. */
bdi { text-align: match-parent; text-align: -webkit-match-parent; }
dialog.wk-dialog {
  all: initial;
  position: fixed; inset: 0; margin: 0; padding: 0;
  width: 100vw; height: 100vh; max-width: 100vw; max-height: 100vh;
  display: flex; align-items: center; justify-content: center;
  background: transparent; border: 0; overflow: hidden;
  font-family: var(--wk-font-family); font-size: var(--wk-font-size); line-height: 1.4;
  color: var(--wk-foreground); z-index: var(--wk-z-index);
  -webkit-font-smoothing: antialiased;
}
/* Scrollbars, native lists and form controls in the mode shown. */
.wk-dialog, .wk-inline { color-scheme: light; }
:host([data-theme='dark']) .wk-dialog, :host([data-theme='dark']) .wk-inline { color-scheme: dark; }
dialog.wk-dialog:not([open]) { display: none; }
/* Displayed for one synchronous layout, hidden again before any frame (components/warm.ts). Nothing
   it declares is inherited: the card's elements get the styles the open will give them, which the
   open then reuses (an inherited visibility or pointer-events made the open compute them again). */
dialog.wk-dialog[data-warm]:not([open]) { display: flex; opacity: 0; }
dialog.wk-dialog::backdrop { background: var(--wk-overlay); }
.wk-card {
  position: relative; width: 360px; max-width: calc(100vw - 24px); max-height: min(640px, calc(100vh - 24px));
  display: flex; flex-direction: column;
  background: var(--wk-background); color: var(--wk-foreground);
  border: 1px solid var(--wk-border); border-radius: var(--wk-radius);
  box-shadow: 0 16px 48px rgba(0, 0, 0, 0.25);
  animation: wk-in 160ms ease-out;
  overflow: hidden;
}
.wk-card[data-shake='true'] { animation: wk-shake 500ms ease-in-out; }
/* While the card's height follows a new view, the view does not scroll. */
.wk-card[data-resizing] .wk-body { overflow: hidden; }
@keyframes wk-in { from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; } }
@keyframes wk-shake {
  10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); }
}
@media (max-width: 430px) {
  dialog.wk-dialog { align-items: flex-end; }
  .wk-card { width: 100vw; max-width: 100vw; max-height: 90vh; max-height: 90dvh; border-radius: var(--wk-radius) var(--wk-radius) 0 0; border-block-end: 0; }
}
@media (prefers-reduced-motion: reduce) {
  .wk-card, .wk-card[data-shake='true'], .wk-placeholder, .wk-spinner, .wk-toast { animation: none !important; }
  * { transition: none !important; }
}
.wk-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 4px; }
.wk-title { margin: 0; font-size: 16px; font-weight: 600; text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-icon-button {
  all: unset; box-sizing: border-box; width: 36px; height: 36px; display: inline-flex; align-items: center; justify-content: center; flex: none;
  border-radius: calc(var(--wk-radius) * 0.625); color: var(--wk-muted); cursor: pointer;
}
.wk-icon-button:hover { background: var(--wk-surface); color: var(--wk-foreground); }
.wk-icon-button:focus-visible, .wk-button:focus-visible, .wk-wallet:focus-visible, .wk-link:focus-visible, .wk-input:focus-visible {
  outline: 2px solid var(--wk-accent); outline-offset: 2px;
}
.wk-icon-button svg { width: 18px; height: 18px; }
/* The scrollbar keeps its own gutter (--wk-gutter: its width, measured by the frame), so rows keep a gap from it. */
.wk-body {
  padding-block: 8px 16px; padding-inline: 16px max(6px, calc(16px - var(--wk-gutter, 0px))); overflow-y: auto; overscroll-behavior: contain;
  scrollbar-gutter: stable; scrollbar-width: thin; scrollbar-color: var(--wk-border) transparent;
}
.wk-stack { display: flex; flex-direction: column; gap: 10px; }
.wk-body p { margin: 0; }
.wk-button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 44px; padding: 0 16px; border-radius: calc(var(--wk-radius) * 0.75); cursor: pointer; font-weight: 600; font-size: 15px;
  text-align: center; word-break: keep-all; overflow-wrap: anywhere;
  background: var(--wk-accent); color: var(--wk-accent-foreground);
}
.wk-button:not([disabled]):hover { filter: brightness(1.08); }
.wk-button[data-variant='secondary'] { background: var(--wk-surface); color: var(--wk-foreground); }
.wk-button[data-variant='secondary']:not([disabled]):hover { background: var(--wk-surface-hover); filter: none; }
.wk-button[disabled] { opacity: 0.5; cursor: default; }
.wk-button svg { width: 18px; height: 18px; flex: none; }
.wk-text { margin: 0; font-size: 15px; }
.wk-muted { color: var(--wk-muted); font-size: 14px; }
.wk-center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; padding: 12px 0; }
.wk-link { color: var(--wk-accent); text-decoration: underline; cursor: pointer; }
.wk-legal { margin: 4px 0 0; font-size: 12px; color: var(--wk-muted); text-align: center; }
.wk-agree { display: flex; gap: 8px; align-items: center; justify-content: center; margin: 0; }
.wk-gate { display: contents; }
/* Toasts sit at the foot of the card: the header (title, back, close) stays in sight. While one
   shows, the view keeps room for it below its last row, so it never covers a button: a short card
   grows (its height follows, card-motion.ts), a long view scrolls that far. */
.wk-card:has(> .wk-toast) > .wk-body { padding-block-end: calc(var(--wk-toast-height, 40px) + 28px); }
.wk-toast {
  position: absolute; left: 50%; bottom: 16px; transform: translateX(-50%); max-width: calc(100% - 32px); width: max-content;
  display: flex; align-items: center; gap: 8px; padding: 10px 14px; border-radius: calc(var(--wk-radius) * 0.75);
  background: var(--wk-foreground); color: var(--wk-background); font-size: 14px; font-weight: 500; z-index: 2;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25); animation: wk-toast-in 160ms ease-out;
}
@keyframes wk-toast-in { from { opacity: 0; transform: translate(-50%, 8px); } }
.wk-toast[data-variant='error'] { background: var(--wk-danger); color: var(--wk-background); }
.wk-toast[data-variant='success'] { background: var(--wk-success); color: var(--wk-background); }
.wk-spinner { flex: none; width: 16px; height: 16px; border-radius: 50%; border: 2px solid currentColor; border-block-start-color: transparent; animation: wk-spin 800ms linear infinite; }
@keyframes wk-spin { to { transform: rotate(360deg); } }
.wk-placeholder { background: var(--wk-surface); border-radius: calc(var(--wk-radius) * 0.75); animation: wk-pulse 1.2s ease-in-out infinite; }
@keyframes wk-pulse { 50% { opacity: 0.5; } }
/* Arabic and Hebrew mirror the layout through logical properties; icons that point turn round. */
[dir='rtl'] svg[data-icon='back'], [dir='rtl'] svg[data-icon='chevron'] { transform: scaleX(-1); }
.wk-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Field and section labels: one style, sentence case, no tracking (Arabic letters join). */
.wk-section-label, .wk-label { margin: 4px 2px 0; font-size: 13px; font-weight: 600; color: var(--wk-muted); }
`
