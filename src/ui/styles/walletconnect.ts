/** The WalletConnect views: the QR code with its logo, the countdown and the link actions. */
export const walletConnectCss = /* css */ `
.wk-qr {
  position: relative; box-sizing: border-box; width: min(100%, 280px); aspect-ratio: 1; padding: 8px;
  border-radius: calc(var(--wk-radius) * 1.25); background: #fff; border: 1px solid var(--wk-border);
}
.wk-qr svg { display: block; width: 100%; height: 100%; }
.wk-qr-logo {
  position: absolute; left: 50%; top: 50%; width: 18%; aspect-ratio: 1; transform: translate(-50%, -50%);
  display: flex; align-items: center; justify-content: center; padding: 4px; border-radius: calc(var(--wk-radius) * 0.75); background: #fff;
}
.wk-qr-logo .wk-image { width: 100%; height: 100%; border: none; border-radius: calc(var(--wk-radius) * 0.625); }
.wk-qr-placeholder {
  width: min(100%, 280px); aspect-ratio: 1; border-radius: calc(var(--wk-radius) * 1.25); background: var(--wk-surface);
  display: flex; align-items: center; justify-content: center;
}
.wk-wc-actions { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.wk-wc-countdown { font-variant-numeric: tabular-nums; }
`
