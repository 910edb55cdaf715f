/** OnRamp and RegisterName: choice chips, fields, the quote and notices. */
export const onrampCss = /* css */ `
.wk-field { display: flex; flex-direction: column; gap: 6px; border: 0; margin: 0; padding: 0; min-width: 0; }
.wk-field > legend, .wk-field > label { padding: 0; font-size: 13px; font-weight: 600; color: var(--wk-muted); }
.wk-chips, .wk-field.wk-chips { display: flex; flex-direction: row; flex-wrap: wrap; gap: 6px; }
.wk-chip { all: unset; box-sizing: border-box; display: inline-flex; flex-direction: column; align-items: flex-start; padding: 6px 12px; border-radius: 12px; background: var(--wk-surface); cursor: pointer; font-size: 14px; font-weight: 600; border: 1px solid transparent; }
.wk-chip small { font-weight: 400; color: var(--wk-muted); font-size: 12px; }
.wk-chip[aria-pressed='true'] { border-color: var(--wk-accent); }
.wk-chip:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-chip[disabled] { opacity: 0.5; cursor: default; }
.wk-amount { display: flex; gap: 6px; }
.wk-amount .wk-input { flex: 1; min-width: 0; }
.wk-select { font: inherit; color: inherit; background: var(--wk-surface); border: 1px solid var(--wk-border); border-radius: 12px; padding: 0 8px; min-height: 40px; }
.wk-quote { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; padding: 10px 12px; border-radius: 12px; background: var(--wk-surface); font-size: 14px; }
.wk-quote dt { color: var(--wk-muted); }
.wk-quote dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.wk-notice { margin: 0; padding: 8px 12px; border-radius: 12px; background: var(--wk-surface); font-size: 13px; color: var(--wk-muted); }
.wk-notice[data-tone='warning'] { color: var(--wk-foreground); border-left: 3px solid var(--wk-danger); }
.wk-name-field { display: flex; align-items: center; gap: 4px; }
.wk-name-field .wk-input { flex: 1; min-width: 0; }
.wk-ok { margin: 0; color: var(--wk-success); font-size: 14px; }
`
