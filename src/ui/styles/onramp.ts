/** OnRamp, Send's fields and RegisterName: choice chips, fields, the quote and notices. */
export const onrampCss = /* css */ `
/* Items of a stack keep their height: a field is never squeezed when the view scrolls. */
.wk-stack > * { flex-shrink: 0; }
.wk-chips { display: grid; grid-template-columns: repeat(auto-fill, minmax(132px, 1fr)); gap: 6px; }
.wk-field.wk-chips { grid-template-columns: repeat(auto-fill, minmax(64px, 1fr)); }
.wk-chips.wk-names { display: flex; flex-wrap: wrap; }
.wk-chip {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px; padding: 6px 12px; min-height: 36px;
  border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); cursor: pointer; font-size: 14px; font-weight: 600; border: 1px solid transparent;
}
.wk-chips > .wk-chip { justify-content: center; }
.wk-chips > .wk-chip:has(.wk-token-mark) { justify-content: flex-start; }
.wk-chip-text { display: flex; flex-direction: column; min-width: 0; }
.wk-chip-text > * { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-chip small { font-weight: 400; color: var(--wk-muted); font-size: 12px; }
.wk-chip[aria-pressed='true'] { border-color: var(--wk-accent); box-shadow: inset 0 0 0 1px var(--wk-accent); }
.wk-chip:hover { background: var(--wk-surface-hover); }
.wk-chip:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-chip[disabled] { opacity: 0.5; cursor: default; }
/* A native list on a field of ours: its mark at the start, a chevron at the end. */
.wk-select-field { position: relative; display: flex; align-items: center; }
.wk-select-field > .wk-token-mark { position: absolute; inset-inline-start: 8px; pointer-events: none; }
.wk-select-field > svg { position: absolute; inset-inline-end: 12px; width: 16px; height: 16px; color: var(--wk-muted); pointer-events: none; }
.wk-select-field select { appearance: none; cursor: pointer; padding-inline: 48px 36px; line-height: 42px; }
.wk-select-field .wk-select { padding-inline: 36px 32px; }
.wk-select { font: inherit; font-weight: 600; color: inherit; background: var(--wk-surface); border: 1px solid var(--wk-border); border-radius: calc(var(--wk-radius) * 0.75); min-height: 44px; }
.wk-select:focus-visible, .wk-affix:focus-within { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
/* The recipient: two lines once an address is typed, so all of it shows. */
.wk-input.wk-recipient { height: auto; min-height: 44px; padding-block: 11px; line-height: 20px; resize: none; overflow-wrap: anywhere; white-space: pre-wrap; font-variant-numeric: tabular-nums; }
.wk-quote { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; padding: 12px 14px; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); font-size: 14px; }
.wk-quote dt { color: var(--wk-muted); }
.wk-quote dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.wk-notice { margin: 0; padding: 10px 12px; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); font-size: 13px; color: var(--wk-muted); }
.wk-notice[data-tone='warning'] { color: var(--wk-foreground); border-inline-start: 3px solid var(--wk-danger); }
/* A field with a fixed end (the name's suffix) inside its box. */
.wk-affix { display: flex; align-items: center; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); border: 1px solid var(--wk-border); }
.wk-affix .wk-input { flex: 1; min-width: 0; border: 0; background: none; padding-inline-end: 4px; }
.wk-affix .wk-input:focus-visible { outline: none; }
.wk-affix-text { flex: none; padding-inline-end: 12px; color: var(--wk-muted); font-size: 15px; }
.wk-ok { margin: 0; color: var(--wk-success); font-size: 14px; }
`
