/** Account, networks and token list. */
export const accountCss = /* css */ `
.wk-identity { gap: 6px; padding-bottom: 4px; }
.wk-identity p { margin: 0; }
.wk-avatar { width: 72px; height: 72px; border-radius: 50%; overflow: hidden; background: var(--wk-surface); display: inline-flex; align-items: center; justify-content: center; color: var(--wk-muted); }
.wk-avatar img { width: 100%; height: 100%; object-fit: cover; }
.wk-address-row { display: flex; align-items: center; justify-content: center; gap: 2px; }
.wk-address-row .wk-icon-button { width: 32px; height: 32px; }
.wk-address-row .wk-icon-button svg { width: 16px; height: 16px; }
.wk-strong { font-weight: 600; }
.wk-balance { margin: 4px 0 0; font-size: 26px; font-weight: 650; font-variant-numeric: tabular-nums; }
.wk-row { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.wk-row > .wk-button { flex: 1 1 0; }
.wk-tokens { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.wk-token { display: flex; align-items: center; gap: 12px; min-height: 56px; padding: 8px 12px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); font-size: 15px; }
.wk-token-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.wk-token-text > *, .wk-token-value > * { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-token-text .wk-muted, .wk-token-value .wk-muted { font-size: 13px; }
.wk-token-value { flex: none; max-width: 50%; display: flex; flex-direction: column; align-items: flex-end; font-variant-numeric: tabular-nums; }
.wk-token-mark {
  flex: none; width: 32px; height: 32px; border-radius: 50%; overflow: hidden; display: inline-flex; align-items: center; justify-content: center;
  background: var(--wk-surface-hover); color: var(--wk-foreground); font-size: 11px; font-weight: 700; line-height: 1;
}
.wk-token-mark[data-size='sm'] { width: 24px; height: 24px; font-size: 9px; }
.wk-token-mark img { width: 100%; height: 100%; object-fit: cover; }
.wk-error { margin: 0; color: var(--wk-danger); font-size: 14px; }
.wk-wallet[aria-current='true'] { box-shadow: inset 0 0 0 1.5px var(--wk-accent); }
.wk-wallet[disabled] { opacity: 0.6; cursor: default; }
.wk-muted svg, .wk-wallet > svg { width: 18px; height: 18px; flex: none; }
.wk-muted svg { width: 16px; height: 16px; vertical-align: -3px; }
.wk-tabs { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); }
.wk-tab { all: unset; box-sizing: border-box; flex: 1; display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 36px; padding: 0 10px; border-radius: calc(var(--wk-radius) * 0.625); cursor: pointer; color: var(--wk-muted); font-size: 14px; font-weight: 600; }
.wk-tab[aria-selected='true'] { background: var(--wk-background); color: var(--wk-foreground); }
.wk-tab:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-tab-dot { width: 6px; height: 6px; border-radius: 50%; background: var(--wk-success); }
/* Wallet features: one tile each, its icon over a one-line label that never breaks inside a word. */
.wk-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(0, 1fr)); gap: 8px; }
.wk-features .wk-button { flex-direction: column; gap: 4px; min-height: 64px; padding: 8px 4px; font-size: 13px; border-radius: calc(var(--wk-radius) * 0.875); }
.wk-features .wk-button span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-features .wk-button svg { width: 20px; height: 20px; }
/* Send and Receive. */
.wk-field { display: flex; flex-direction: column; gap: 6px; border: 0; margin: 0; padding: 0; min-width: 0; }
.wk-field > legend, .wk-field > label { padding: 0; margin: 0 2px; font-size: 13px; font-weight: 600; color: var(--wk-muted); }
.wk-field > p { margin: 0 2px; }
.wk-amount { display: flex; gap: 8px; }
.wk-amount .wk-input { flex: 1; min-width: 0; }
.wk-amount .wk-button { min-height: 44px; }
.wk-address { overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.wk-address[data-short] { white-space: nowrap; }
.wk-warning { margin: 0; padding: 10px 12px; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); font-size: 13px; border-inline-start: 3px solid var(--wk-danger); }
.wk-review { display: grid; grid-template-columns: minmax(0, max-content) minmax(55%, 1fr); gap: 12px; margin: 0; padding: 14px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); font-size: 14px; }
.wk-review dt { color: var(--wk-muted); }
.wk-review dd { margin: 0; text-align: end; min-width: 0; }
.wk-review .wk-link { display: block; margin-inline-start: auto; background: none; border: 0; padding: 2px 0 0; font: inherit; font-size: 12px; }
/* An address shown whole comes in groups of four, a line breaking only between groups. */
.wk-groups { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0 0.4em; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; direction: ltr; }
`
