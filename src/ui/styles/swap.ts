/** The swap form, its token list, review and approval (buttons are the shared `.wk-button`). */
export const swapCss = /* css */ `
.wk-swap-field { display: flex; flex-direction: column; gap: 6px; padding: 14px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); }
.wk-swap-field > .wk-label { margin: 0; }
.wk-swap-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-width: 0; }
.wk-swap-amount.wk-input { flex: 1; min-width: 0; height: 40px; padding: 0; border: 0; background: none; font-size: 28px; font-weight: 600; font-variant-numeric: tabular-nums; }
.wk-swap-amount[data-length='mid'] { font-size: 22px; }
.wk-swap-amount[data-length='long'] { font-size: 18px; }
.wk-swap-amount:focus-visible { outline: none; }
.wk-swap-field:focus-within { box-shadow: inset 0 0 0 1.5px var(--wk-accent); }
/* The token button: its image, symbol and chevron, a pill on the field. */
.wk-token-button {
  all: unset; box-sizing: border-box; flex: none; max-width: 70%; display: inline-flex; align-items: center; gap: 6px;
  min-height: 40px; padding-block: 0; padding-inline: 6px 10px; border-radius: 999px; cursor: pointer; font-weight: 600; font-size: 16px; white-space: nowrap;
  background: var(--wk-background); color: var(--wk-foreground); border: 1px solid var(--wk-border);
}
.wk-token-button > bdi { overflow: hidden; text-overflow: ellipsis; }
.wk-token-button[data-empty] { padding-inline-start: 14px; background: var(--wk-accent); color: var(--wk-accent-foreground); border-color: transparent; font-size: 15px; }
.wk-token-button:hover { background: var(--wk-surface-hover); }
.wk-token-button[data-empty]:hover { background: var(--wk-accent); filter: brightness(1.08); }
.wk-token-button:focus-visible, .wk-max:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-token-button svg { width: 16px; height: 16px; flex: none; }
.wk-swap-balance { display: inline-flex; align-items: center; gap: 6px; min-width: 0; }
.wk-max { all: unset; cursor: pointer; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 700; color: var(--wk-accent); background: var(--wk-background); }
/* The flip sits on the seam of the two fields. */
.wk-swap-flip { align-self: center; margin: -19px 0; z-index: 1; width: 38px; height: 38px; border-radius: 50%; background: var(--wk-surface); color: var(--wk-foreground); border: 4px solid var(--wk-background); box-sizing: content-box; }
.wk-swap-banner { padding: 10px 12px; border-radius: calc(var(--wk-radius) * 0.75); border: 1px solid var(--wk-danger); }
.wk-swap-details { margin: 0; padding: 4px 2px; font-size: 14px; display: flex; flex-direction: column; gap: 6px; }
.wk-swap-details dd { margin: 0; text-align: end; }
.wk-swap-statement { margin: 0; }
.wk-swap-summary { display: grid; grid-template-columns: auto 1fr; align-items: center; gap: 8px 12px; padding: 14px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); font-size: 17px; font-weight: 600; }
.wk-swap-summary > bdi { overflow-wrap: anywhere; }
.wk-swap-summary > svg { width: 16px; height: 16px; color: var(--wk-muted); justify-self: center; }
/* An address inside a sentence is kept whole: the line breaks before it. */
.wk-addr { white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.86em; }
/* Search fields: a magnifier at their start. */
.wk-search-field { position: relative; display: flex; align-items: center; }
.wk-search-field > svg { position: absolute; inset-inline-start: 14px; width: 18px; height: 18px; color: var(--wk-muted); pointer-events: none; }
.wk-search-field .wk-input { padding-inline-start: 42px; }
`
