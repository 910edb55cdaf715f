/**
 * The one tslib helper WalletConnect's CommonJS packages call (`__exportStar`). The bundled tslib
 * module is required whole from CommonJS, so every helper would otherwise ship.
 */

/** Copies the exports of `module` onto `exports` (not `default`, not ones already there). */
export function __exportStar(
  module: Record<string, unknown>,
  exports: Record<string, unknown>,
): void {
  for (const key of Object.keys(module)) {
    if (key === 'default' || Object.hasOwn(exports, key)) continue
    Object.defineProperty(exports, key, { enumerable: true, get: () => module[key] })
  }
}
