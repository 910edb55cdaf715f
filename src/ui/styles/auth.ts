/** Email and social login (the login frame's own dialog is styled by `embed/frame-host.ts`). */
export const authCss = /* css */ `
.wk-field { display: flex; gap: 8px; }
.wk-field .wk-button { flex: none; min-width: 96px; }
.wk-code { letter-spacing: 0.3em; font-variant-numeric: tabular-nums; }
.wk-socials { all: unset; display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 8px; }
.wk-socials .wk-button { min-height: 36px; padding: 0 8px; font-size: 14px; }
.wk-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.wk-divider { margin: 4px 0 0; text-align: center; color: var(--wk-muted); font-size: 13px; }
.wk-center-text { margin: 0; text-align: center; }
`
