/** Activity (the windowed history list) and smart sessions. */
export const historyCss = /* css */ `
.wk-vlist { position: relative; overflow-y: auto; overscroll-behavior: contain; margin: 0 -6px; scrollbar-width: thin; scrollbar-color: var(--wk-border) transparent; }
.wk-vlist-inner { position: relative; list-style: none; margin: 0; padding: 0; }
.wk-vrow { position: absolute; inset-inline: 0; padding: 2px 6px; }
.wk-history-row { display: flex; align-items: center; gap: 12px; height: 100%; padding: 6px 12px; border-radius: calc(var(--wk-radius) * 0.75); background: var(--wk-surface); font-size: 14px; }
.wk-history-row[data-flag] { box-shadow: inset 0 0 0 1px var(--wk-danger); }
/* The token's image, its direction (or the flag) as a badge in its corner. */
.wk-history-icon { position: relative; flex: none; display: inline-flex; }
.wk-history-badge {
  position: absolute; inset-inline-end: -4px; inset-block-end: -3px; width: 18px; height: 18px; border-radius: 50%;
  display: inline-flex; align-items: center; justify-content: center;
  background: var(--wk-background); color: var(--wk-foreground); border: 1.5px solid var(--wk-surface);
}
.wk-history-badge svg { width: 11px; height: 11px; stroke-width: 3; }
.wk-history-badge .wk-spinner { width: 10px; height: 10px; border-width: 1.5px; }
.wk-history-row[data-flag] .wk-history-badge { color: var(--wk-danger); }
.wk-history-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.wk-history-line { display: flex; align-items: center; gap: 6px; min-width: 0; height: 22px; }
.wk-history-line.wk-muted { font-size: 12px; }
.wk-history-title { font-weight: 600; white-space: nowrap; }
.wk-history-amount { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; unicode-bidi: isolate; text-align: end; font-weight: 600; font-variant-numeric: tabular-nums; }
.wk-history-status { white-space: nowrap; }
.wk-history-status[data-status='failed'] { color: var(--wk-danger); }
.wk-history-status[data-status='pending'] { color: var(--wk-foreground); }
.wk-history-status::after { content: '·'; margin-inline-start: 6px; color: var(--wk-muted); }
.wk-history-time { white-space: nowrap; }
.wk-history-party { all: unset; margin-inline-start: auto; cursor: pointer; color: var(--wk-muted); white-space: nowrap; font-family: ui-monospace, monospace; }
/* A flagged row gives way inside its line. */
.wk-history-time, .wk-history-party { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.wk-history-party:hover { color: var(--wk-foreground); }
.wk-history-party:focus-visible { outline: 2px solid var(--wk-accent); outline-offset: 2px; }
.wk-history-link { width: 22px; height: 22px; border-radius: 6px; }
.wk-history-link:first-of-type { margin-inline-start: auto; }
.wk-history-party + .wk-history-link { margin-inline-start: 0; }
.wk-history-link svg { width: 14px; height: 14px; }
.wk-history-month { margin: 0; padding: 8px 4px 4px; height: 100%; }
.wk-history-footer { margin: 0; text-align: center; line-height: 44px; }
.wk-history-hidden { margin: 0; font-size: 13px; }
.wk-history-hidden .wk-link { all: unset; color: var(--wk-accent); text-decoration: underline; cursor: pointer; }
.wk-sessions, .wk-session-permissions { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.wk-session { display: flex; flex-direction: column; gap: 10px; padding: 14px; border-radius: calc(var(--wk-radius) * 0.875); background: var(--wk-surface); font-size: 14px; }
.wk-session p { margin: 0; }
.wk-session .wk-button[data-variant='secondary'] { background: var(--wk-background); }
.wk-session-head { display: flex; align-items: center; gap: 10px; min-width: 0; }
.wk-session-site { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.wk-session-site bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wk-session-permissions { gap: 4px; padding-inline-start: 2px; }
.wk-session-permissions bdi { overflow-wrap: anywhere; }
`
