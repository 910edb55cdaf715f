/** Activity (the windowed history list) and smart sessions. */
export const historyCss = /* css */ `
.wk-vlist { position: relative; overflow-y: auto; overscroll-behavior: contain; margin: 0 -6px; }
.wk-vlist-inner { position: relative; list-style: none; margin: 0; padding: 0; }
.wk-vrow { position: absolute; left: 0; right: 0; padding: 2px 6px; }
.wk-history-row { display: flex; align-items: center; gap: 10px; height: 100%; padding: 6px 10px; border-radius: 12px; background: var(--wk-surface); font-size: 14px; }
.wk-history-row[data-flag] { outline: 1px solid var(--wk-danger); }
.wk-history-icon { flex: none; width: 32px; height: 32px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; background: var(--wk-background); color: var(--wk-muted); }
.wk-history-icon svg { width: 16px; height: 16px; }
.wk-history-icon[data-direction='sent'] svg { transform: rotate(-90deg); }
.wk-history-icon[data-direction='received'] svg, .wk-history-icon[data-direction='minted'] svg { transform: rotate(90deg); }
.wk-history-row[data-flag] .wk-history-icon { color: var(--wk-danger); }
.wk-history-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.wk-history-line { display: flex; align-items: center; gap: 6px; min-width: 0; height: 22px; }
.wk-history-title { font-weight: 600; white-space: nowrap; }
.wk-history-time { margin-left: auto; color: var(--wk-muted); font-size: 12px; white-space: nowrap; }
.wk-history-amount { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; unicode-bidi: isolate; }
.wk-history-party { all: unset; cursor: pointer; color: var(--wk-muted); font-size: 12px; white-space: nowrap; font-family: ui-monospace, monospace; }
.wk-history-party:hover { color: var(--wk-foreground); }
.wk-history-party:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-history-link { width: 22px; height: 22px; border-radius: 6px; }
.wk-history-link svg { width: 14px; height: 14px; }
.wk-history-month { margin: 0; padding: 8px 4px 4px; height: 100%; }
.wk-history-footer { margin: 0; text-align: center; line-height: 44px; }
.wk-history-hidden { margin: 0; font-size: 13px; }
.wk-history-hidden .wk-link { all: unset; color: var(--wk-accent); text-decoration: underline; cursor: pointer; }
.wk-sessions, .wk-session-permissions { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.wk-session { display: flex; flex-direction: column; gap: 8px; padding: 12px; border-radius: 14px; background: var(--wk-surface); font-size: 14px; }
.wk-session p { margin: 0; }
.wk-session-head { display: flex; align-items: center; gap: 10px; min-width: 0; }
.wk-session-site { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.wk-session-site bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-session-permissions { gap: 4px; }
.wk-session-permissions bdi { overflow-wrap: anywhere; }
`
