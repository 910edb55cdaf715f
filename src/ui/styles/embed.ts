/**
 * Embedded mode: the views inline in `<walletkit-embed>`. The host is a block as wide as the
 * element it is in and as tall as its content, or as that element when its height is set; the
 * `!important` inside the shadow root beats any `!important` of the page (docs/bundle-safety.md).
 * No backdrop, no shadow, no entrance animation: it is part of the page.
 */
export const embedCss = /* css */ `
:host(walletkit-embed) { display: block !important; height: 100% !important; }
:host(walletkit-embed) > [part='root'] { height: 100%; }
.wk-inline {
  display: flex; flex-direction: column; width: 100%; height: 100%;
  font-family: var(--wk-font-family); font-size: var(--wk-font-size); line-height: 1.4;
  color: var(--wk-foreground); text-align: start; -webkit-font-smoothing: antialiased;
}
.wk-inline > .wk-card {
  flex: 1 1 auto; width: 100%; max-width: none; max-height: none; min-height: 0;
  border-radius: var(--wk-radius); box-shadow: none; animation: none;
}
.wk-inline > .wk-card[data-shake='true'] { animation: wk-shake 500ms ease-in-out; }
`
