/** Wallet rows, the All Wallets grid, search, images and tags. */
export const walletsCss = /* css */ `
.wk-wallet {
  all: unset; box-sizing: border-box; display: flex; align-items: center; gap: 12px; width: 100%;
  min-height: 56px; padding: 8px 12px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); cursor: pointer;
  color: var(--wk-foreground); font-size: 15px; font-weight: 500;
}
.wk-wallet:hover { background: var(--wk-surface-hover); }
.wk-wallet:disabled { opacity: 0.5; cursor: default; }
.wk-wallet-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; unicode-bidi: isolate; }
.wk-tag { flex: none; padding: 2px 8px; border-radius: 999px; font-size: 12px; font-weight: 600; background: var(--wk-background); color: var(--wk-muted); border: 1px solid var(--wk-border); }
.wk-tag[data-kind='installed'] { color: var(--wk-success); }
.wk-tag[data-kind='warning'] { color: var(--wk-danger); }
.wk-image { flex: none; width: 40px; height: 40px; border-radius: calc(var(--wk-radius) * 0.625); overflow: hidden; background: var(--wk-background); border: 1px solid var(--wk-border); display: inline-flex; align-items: center; justify-content: center; color: var(--wk-muted); }
.wk-image img { width: 100%; height: 100%; object-fit: cover; display: block; }
.wk-image svg { width: 60%; height: 60%; }
.wk-image[data-size='lg'] { width: 72px; height: 72px; border-radius: calc(var(--wk-radius) * 1.25); }
.wk-grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; }
.wk-grid .wk-wallet { flex-direction: column; gap: 6px; min-height: 96px; padding: 10px 4px; font-size: 12px; text-align: center; justify-content: flex-start; content-visibility: auto; contain-intrinsic-size: auto 96px; }
.wk-grid .wk-wallet-name { width: 100%; flex: none; }
.wk-grid .wk-placeholder { height: 96px; }
.wk-row-placeholder { height: 56px; }
.wk-search { position: sticky; top: 0; z-index: 1; background: var(--wk-background); padding-bottom: 10px; }
.wk-input {
  all: unset; box-sizing: border-box; width: 100%; height: 40px; padding: 0 12px; border-radius: calc(var(--wk-radius) * 0.75);
  background: var(--wk-surface); color: var(--wk-foreground); font-size: 15px; border: 1px solid var(--wk-border);
}
.wk-input::placeholder { color: var(--wk-muted); }
.wk-sentinel { height: 1px; }
.wk-body[data-testid='wk-view-all-wallets'] { height: 520px; max-height: calc(100vh - 120px); }
.wk-all-wallets-count { flex: none; padding: 2px 8px; border-radius: calc(var(--wk-radius) * 0.5); background: var(--wk-background); color: var(--wk-muted); font-size: 12px; font-weight: 600; }
.wk-section-label { margin: 6px 2px 0; font-size: 12px; font-weight: 600; color: var(--wk-muted); text-transform: uppercase; letter-spacing: 0.04em; }
`
