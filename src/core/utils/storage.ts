/** A key-value store that never throws: broken or full storage just means no persistence. */
export type SafeStorage = {
  /** The parsed value, or undefined when missing, unreadable or corrupt. */
  get<T>(key: string, validate: (value: unknown) => value is T): T | undefined
  /** Stores a JSON value; false when storage refused it. */
  set(key: string, value: unknown): boolean
  /** Removes a key. */
  remove(key: string): void
}

const PREFIX = 'walletkit:'

/**
 * Wraps `localStorage` (or any Storage) so that SecurityError, QuotaExceededError and corrupt JSON
 * are treated as "nothing stored" (SECURITY.md row 26).
 */
export function createSafeStorage(
  getStorage: () => Storage | undefined = defaultStorage,
): SafeStorage {
  const storage = () => {
    try {
      return getStorage()
    } catch {
      return undefined
    }
  }
  return {
    get(key, validate) {
      try {
        const raw = storage()?.getItem(PREFIX + key)
        if (raw == null) return undefined
        const value: unknown = JSON.parse(raw)
        return validate(value) ? value : undefined
      } catch {
        return undefined
      }
    },
    set(key, value) {
      try {
        const target = storage()
        if (!target) return false
        target.setItem(PREFIX + key, JSON.stringify(value))
        return true
      } catch {
        return false
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(PREFIX + key)
      } catch {}
    },
  }
}

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage
}
