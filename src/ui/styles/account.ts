/** Account, networks and token list. */
export const accountCss = /* css */ `
.wk-avatar { width: 72px; height: 72px; border-radius: 50%; overflow: hidden; background: var(--wk-surface); display: inline-flex; align-items: center; justify-content: center; color: var(--wk-muted); }
.wk-avatar img { width: 100%; height: 100%; object-fit: cover; }
.wk-avatar svg { width: 40%; height: 40%; }
.wk-strong { font-weight: 600; }
.wk-balance { margin: 0; font-size: 22px; font-weight: 600; }
.wk-row { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.wk-tokens { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.wk-token { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); font-size: 14px; }
.wk-error { margin: 0; color: var(--wk-danger); font-size: 14px; }
.wk-wallet[aria-current='true'] { outline: 1px solid var(--wk-accent); }
.wk-wallet[disabled] { opacity: 0.6; cursor: default; }
.wk-muted svg, .wk-wallet > svg { width: 16px; height: 16px; vertical-align: -3px; flex: none; }
.wk-tabs { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); }
.wk-tab { all: unset; box-sizing: border-box; flex: 1; display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 36px; padding: 0 10px; border-radius: calc(var(--wk-radius) * 0.625); cursor: pointer; color: var(--wk-muted); font-size: 14px; font-weight: 600; }
.wk-tab[aria-selected='true'] { background: var(--wk-background); color: var(--wk-foreground); }
.wk-tab:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-tab-dot { width: 6px; height: 6px; border-radius: 50%; background: var(--wk-success); }
`
