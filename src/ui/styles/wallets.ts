/** Wallet rows, the All Wallets grid, search, images and tags. */
export const walletsCss = /* css */ `
.wk-wallet {
  all: unset; box-sizing: border-box; display: flex; align-items: center; gap: 12px; width: 100%;
  min-height: 56px; padding: 8px 12px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); cursor: pointer;
  color: var(--wk-foreground); font-size: 15px; font-weight: 500;
}
.wk-wallet:hover { background: var(--wk-surface-hover); }
.wk-wallet:disabled { opacity: 0.5; cursor: default; }
.wk-wallet > svg { color: var(--wk-muted); }
/* A name takes the room it needs; the one tag beside it gives way first. */
.wk-wallet-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.wk-wallet-name { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; unicode-bidi: isolate; }
.wk-wallet-sub { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--wk-muted); font-size: 12px; font-weight: 400; }
.wk-tag {
  flex: 0 100 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  padding: 2px 7px; border-radius: 999px; font-size: 11px; font-weight: 600; line-height: 16px;
  background: var(--wk-background); color: var(--wk-muted); border: 1px solid var(--wk-border);
}
.wk-tag[data-kind='installed'] { color: var(--wk-success); }
.wk-tag[data-kind='warning'] { color: var(--wk-danger); border-color: currentColor; }
.wk-image { flex: none; width: 40px; height: 40px; border-radius: calc(var(--wk-radius) * 0.625); overflow: hidden; background: var(--wk-background); border: 1px solid var(--wk-border); display: inline-flex; align-items: center; justify-content: center; color: var(--wk-muted); }
.wk-image img { width: 100%; height: 100%; object-fit: cover; display: block; }
.wk-image svg { width: 60%; height: 60%; }
.wk-image[data-size='lg'] { width: 72px; height: 72px; border-radius: calc(var(--wk-radius) * 1.25); }
.wk-grid { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; }
.wk-tiles .wk-wallet { flex-direction: column; gap: 6px; height: 100%; overflow: hidden; padding: 10px 4px 8px; font-size: 12px; line-height: 1.25; text-align: center; justify-content: flex-start; }
/* Tiles: rows of a list drawn near the view only (VirtualList), 104 px tall with 8 px between. */
.wk-tiles .wk-vlist-inner { margin-inline: -4px; top: -4px; }
.wk-tiles .wk-vrow { padding: 4px; }
/* Tiles give a name two lines, broken between words. */
.wk-tiles .wk-wallet-name { flex: none; width: 100%; white-space: normal; overflow-wrap: anywhere; word-break: keep-all; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; }
.wk-grid .wk-placeholder { height: 104px; }
.wk-row-placeholder { height: 56px; }
.wk-search { position: sticky; top: 0; z-index: 1; background: var(--wk-background); padding-bottom: 10px; }
.wk-input {
  all: unset; box-sizing: border-box; width: 100%; height: 44px; padding: 0 12px; border-radius: calc(var(--wk-radius) * 0.75);
  background: var(--wk-surface); color: var(--wk-foreground); font-size: 15px; border: 1px solid var(--wk-border);
}
.wk-input::placeholder { color: var(--wk-muted); opacity: 1; }
.wk-input[aria-invalid='true'] { border-color: var(--wk-danger); }
.wk-body[data-testid='wk-view-all-wallets'] { height: 520px; max-height: calc(100vh - 120px); }
.wk-all-wallets-count { flex: none; padding: 2px 8px; border-radius: calc(var(--wk-radius) * 0.5); background: var(--wk-background); color: var(--wk-muted); font-size: 12px; font-weight: 600; }
`
