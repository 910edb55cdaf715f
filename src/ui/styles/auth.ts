/** Email and social login, and the login frame's own dialog (shown only for an approval). */
export const authCss = /* css */ `
.wk-field { display: flex; gap: 8px; }
.wk-field .wk-button { flex: none; min-width: 96px; }
.wk-code { letter-spacing: 0.3em; font-variant-numeric: tabular-nums; }
.wk-socials { all: unset; display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 8px; }
.wk-socials .wk-button { min-height: 36px; padding: 0 8px; font-size: 14px; }
.wk-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.wk-divider { margin: 4px 0 0; text-align: center; color: var(--wk-muted); font-size: 13px; }
.wk-center-text { margin: 0; text-align: center; }
dialog.wk-frame {
  all: initial; display: block; position: fixed; inset: 0; margin: auto; padding: 0;
  width: 360px; height: 560px; max-width: calc(100vw - 24px); max-height: calc(100vh - 24px);
  border: 1px solid var(--wk-border); border-radius: var(--wk-radius); overflow: hidden;
  background: var(--wk-background); box-shadow: 0 16px 48px rgba(0, 0, 0, 0.25);
}
dialog.wk-frame:not([open]) { display: none; }
dialog.wk-frame::backdrop { background: var(--wk-overlay); }
dialog.wk-frame iframe { display: block; width: 100%; height: 100%; border: 0; }
`
