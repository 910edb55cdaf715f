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
/* Wallet features, Send and Receive. */
.wk-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr)); gap: 8px; }
.wk-field { margin: 4px 2px -2px; font-size: 13px; font-weight: 600; color: var(--wk-muted); }
.wk-amount { display: flex; gap: 8px; }
.wk-amount .wk-input { flex: 1; min-width: 0; }
select.wk-input { appearance: auto; display: block; }
.wk-address { overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.wk-warning { margin: 0; padding: 8px 12px; border-radius: 12px; background: var(--wk-surface); font-size: 13px; border-left: 3px solid var(--wk-danger); }
.wk-review { display: grid; grid-template-columns: auto 1fr; gap: 10px 12px; margin: 0; padding: 12px; border-radius: 14px; background: var(--wk-surface); font-size: 14px; }
.wk-review dt { color: var(--wk-muted); }
.wk-review dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.wk-review .wk-link { display: block; margin-left: auto; background: none; border: 0; padding: 2px 0 0; font: inherit; font-size: 12px; }
`
