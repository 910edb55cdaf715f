/** Email and social login (the login frame's own dialog is styled by `embed/frame-host.ts`). */
export const authCss = /* css */ `
/* The email field: its icon at the start, its submit button inside it at the end. */
.wk-email { position: relative; display: flex; align-items: center; }
.wk-email > svg { position: absolute; inset-inline-start: 14px; width: 18px; height: 18px; color: var(--wk-muted); pointer-events: none; }
.wk-email .wk-input { padding-inline: 42px 50px; }
.wk-email .wk-icon-button { position: absolute; inset-inline-end: 4px; background: var(--wk-accent); color: var(--wk-accent-foreground); }
.wk-email .wk-icon-button[disabled] { opacity: 0.5; cursor: default; }
/* Socials: the first provider wide, the others in one row of marks. */
.wk-socials { all: unset; display: flex; flex-direction: column; gap: 8px; }
.wk-social-row { display: flex; gap: 8px; }
.wk-social-row .wk-button { flex: 1 1 0; min-width: 0; padding: 0; }
.wk-socials svg { width: 20px; height: 20px; }
.wk-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.wk-divider { display: flex; align-items: center; gap: 12px; margin: 4px 0 0; color: var(--wk-muted); font-size: 13px; }
.wk-divider::before, .wk-divider::after { content: ''; flex: 1; height: 1px; background: var(--wk-border); }
.wk-center-text { margin: 0; text-align: center; }
/* The code: one field (what autofill and paste fill) drawn as one box per digit. */
.wk-otp { position: relative; display: grid; grid-template-columns: repeat(var(--wk-otp-length, 6), minmax(0, 1fr)); gap: 8px; direction: ltr; }
.wk-otp-box {
  height: 52px; display: flex; align-items: center; justify-content: center; border-radius: calc(var(--wk-radius) * 0.75);
  background: var(--wk-surface); border: 1px solid var(--wk-border); font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums;
}
.wk-otp:focus-within .wk-otp-box[data-active] { border-color: var(--wk-accent); box-shadow: 0 0 0 1px var(--wk-accent); }
.wk-otp[data-invalid] .wk-otp-box { border-color: var(--wk-danger); }
.wk-otp input { all: unset; position: absolute; inset: 0; opacity: 0; font-size: 16px; caret-color: transparent; }
`
