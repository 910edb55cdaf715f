/** The swap form, its token list, review and approval. */
export const swapCss = /* css */ `
.wk-swap-field { display: flex; flex-direction: column; gap: 6px; padding: 12px; border-radius: 14px; background: var(--wk-surface); }
.wk-swap-field[data-loading='true'] .wk-swap-amount { opacity: 0.5; }
.wk-swap-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-width: 0; }
.wk-swap-row > * { min-width: 0; }
.wk-swap-amount { all: unset; box-sizing: border-box; flex: 1; min-width: 0; font-size: 26px; font-weight: 600; color: var(--wk-foreground); }
.wk-swap-amount::placeholder { color: var(--wk-muted); }
.wk-swap-amount:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; border-radius: 6px; }
.wk-swap-token {
  all: unset; box-sizing: border-box; flex: none; display: inline-flex; align-items: center; gap: 6px; max-width: 50%;
  min-height: 36px; padding: 0 10px; border-radius: 999px; background: var(--wk-background); border: 1px solid var(--wk-border);
  cursor: pointer; font-weight: 600; font-size: 15px;
}
.wk-swap-token bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-swap-token svg { width: 14px; height: 14px; flex: none; }
.wk-swap-token:focus-visible, .wk-swap-flip:focus-visible, .wk-swap-max:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-token-mark {
  flex: none; width: 24px; height: 24px; border-radius: 50%; overflow: hidden; display: inline-flex; align-items: center; justify-content: center;
  background: var(--wk-surface-hover); color: var(--wk-muted); font-size: 10px; font-weight: 700;
}
.wk-token-mark img { width: 100%; height: 100%; object-fit: cover; }
.wk-swap-max { all: unset; margin-left: 6px; color: var(--wk-accent); cursor: pointer; font-weight: 600; }
.wk-swap-flip {
  all: unset; box-sizing: border-box; align-self: center; width: 36px; height: 36px; margin: -14px 0; z-index: 1;
  display: inline-flex; align-items: center; justify-content: center; border-radius: 12px;
  background: var(--wk-background); border: 1px solid var(--wk-border); cursor: pointer; font-size: 18px;
}
.wk-swap-banner { padding: 10px 12px; border-radius: 12px; border: 1px solid var(--wk-border); display: flex; flex-direction: column; gap: 4px; }
.wk-swap-banner[role='alert'] { border-color: var(--wk-danger); }
.wk-swap-details { margin: 0; display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
.wk-swap-details dd { margin: 0; text-align: right; }
.wk-swap-statement { overflow-wrap: anywhere; }
.wk-swap-address { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.wk-swap-check { display: flex; gap: 8px; align-items: flex-start; font-size: 14px; cursor: pointer; }
.wk-swap-selector { display: flex; flex-direction: column; gap: 8px; }
`
