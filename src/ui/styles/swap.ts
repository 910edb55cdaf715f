/** The swap form, its token list, review and approval (buttons are the shared `.wk-button`). */
export const swapCss = /* css */ `
.wk-swap-field { display: flex; flex-direction: column; gap: 6px; padding: 12px; border-radius: 14px; background: var(--wk-surface); }
.wk-swap-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-width: 0; }
.wk-swap-amount { all: unset; flex: 1; min-width: 0; font-size: 26px; font-weight: 600; }
.wk-swap-amount:focus-visible { outline: 2px solid var(--wk-accent); }
.wk-swap-field .wk-button { flex: none; max-width: 50%; min-height: 36px; padding: 0 10px; }
.wk-swap-flip { align-self: center; margin: -14px 0; z-index: 1; }
.wk-swap-field .wk-link { background: none; border: 0; padding: 0; font: inherit; font-weight: 600; }
.wk-token-mark { flex: none; width: 24px; height: 24px; border-radius: 50%; overflow: hidden; display: inline-flex; align-items: center; justify-content: center; background: var(--wk-surface-hover); font-size: 10px; }
.wk-token-mark img { width: 100%; }
.wk-swap-banner { padding: 10px 12px; border-radius: 12px; border: 1px solid var(--wk-danger); }
.wk-swap-details { margin: 0; font-size: 14px; }
.wk-swap-details dd { margin: 0; }
.wk-swap-statement { overflow-wrap: anywhere; }
`
